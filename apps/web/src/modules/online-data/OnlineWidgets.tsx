import type { ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Checkbox, DatePicker, Input, InputNumber, Spin, Switch } from 'antd';
import type { AnyResource, FieldDef, OnlineField, OnlineRow } from '@care/shared';
import { DictRadio } from '../../components/dict/DictRadio';
import { DictSelect } from '../../components/dict/DictSelect';
import { DictTag } from '../../components/dict/DictTag';
import { selectableOptions, useDictOptions } from '../../components/dict/useDictOptions';
import { StoredImage } from '../../components/image/StoredImage';
import { DepartmentTreeSelect } from '../../components/org/DepartmentTreeSelect';
import { UserSelect } from '../../components/org/UserSelect';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { RichTextEditor } from '../../components/rich-text/RichTextEditor';
import { fieldInput, fieldItemProps } from '../../components/crud/resource-fields';
import { codesOf, displayOf, joinCodes, widgetOf } from './online-data-model';
import { FileLink, FileUpload } from './OnlineFile';
import { OnlineDataText as T } from './online-data-text';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

interface ValueProps<V> {
  value?: V | null;
  onChange?: (value: V) => void;
  id?: string;
}

/** A 日期时间 kept as the text `YYYY-MM-DD HH:mm:ss`. */
function DateTimeInput({ value, onChange, id }: ValueProps<string | null>) {
  return (
    <DatePicker
      id={id}
      showTime
      format={DATE_TIME}
      value={value ? dayjs(value) : null}
      onChange={(next: Dayjs | null) => onChange?.(next ? next.format(DATE_TIME) : null)}
      style={{ width: 220 }}
    />
  );
}

/** 多选框 over a dictionary, kept as the comma-joined codes the column stores. */
function DictCheckbox({ code, value, onChange }: ValueProps<string> & { code: string }) {
  const { data, isLoading } = useDictOptions(code);
  const current = codesOf(value);
  if (isLoading) return <Spin size="small" />;
  const options = selectableOptions(data ?? [], current).map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
  return <Checkbox.Group value={current} options={options} onChange={(next) => onChange?.(joinCodes(next.map(String)))} data-dict-code={code} />;
}

/** 开关 for a field whose rule is not the kit's boolean kind. */
function SwitchInput({ value, checked, onChange, id }: ValueProps<boolean> & { checked?: boolean }) {
  return <Switch id={id} checked={Boolean(checked ?? value)} onChange={(next) => onChange?.(next)} checkedChildren={T.on} unCheckedChildren={T.off} />;
}

/**
 * The widget of a configured field. Fields whose resource kind already has the right widget (a
 * dictionary select, a date, a boolean) keep the kit's own, with its item props.
 */
export function onlineInput(field: OnlineField, def: FieldDef | undefined): ReactNode {
  const kind = def?.kind;
  switch (widgetOf(field)) {
    case 'dictSelect':
      return kind === 'dict' ? undefined : <DictSelect code={field.dictCode} />;
    case 'dictRadio':
      return <DictRadio code={field.dictCode} />;
    case 'dictCheckbox':
      return <DictCheckbox code={field.dictCode} />;
    case 'switch':
      return kind === 'bool' ? undefined : <SwitchInput />;
    case 'date':
      return kind === 'date' ? undefined : <DatePickerText />;
    case 'datetime':
      return kind === 'datetime' ? undefined : <DateTimeInput />;
    case 'image':
      return <ImageUpload biz="online" />;
    case 'file':
      return <FileUpload />;
    case 'richtext':
      // The shared editor (a lazy chunk); the server sanitises what it stores.
      return <RichTextEditor aria-label={field.label} minHeight={160} />;
    case 'textarea':
      return kind === 'textarea' ? undefined : <Input.TextArea rows={3} maxLength={field.length} showCount />;
    case 'user':
      return <UserSelect />;
    case 'department':
      return <DepartmentTreeSelect />;
    case 'number':
      if (kind === 'int') return undefined;
      return <InputNumber<string> stringMode precision={field.scale} style={{ width: 200 }} />;
    case 'money':
      return kind === 'money' ? undefined : <InputNumber<string> stringMode min="0" precision={2} style={{ width: 200 }} />;
    default:
      return undefined;
  }
}

/** A 日期 kept as `YYYY-MM-DD` for a field whose rule is not the kit's date kind. */
function DatePickerText({ value, onChange, id }: ValueProps<string | null>) {
  return <DatePicker id={id} value={value ? dayjs(value) : null} onChange={(next: Dayjs | null) => onChange?.(next ? next.format('YYYY-MM-DD') : null)} style={{ width: 200 }} />;
}

/** The widgets of a form's fields the kit would not pick itself (ResourceForm's `inputs`). */
export function onlineInputs(fields: readonly OnlineField[], resource: AnyResource): Record<string, ReactNode> {
  const inputs: Record<string, ReactNode> = {};
  for (const field of fields) {
    const input = onlineInput(field, resource.fields[field.name]);
    if (input !== undefined) inputs[field.name] = input;
  }
  return inputs;
}

/** The widget and item props of a field in a child row (a cell of the editable child table). */
export function cellEditor(field: OnlineField, resource: AnyResource): { input: ReactNode; itemProps: Record<string, unknown> } {
  const def = resource.fields[field.name];
  const own = onlineInput(field, def);
  if (own !== undefined || !def) return { input: own ?? <Input />, itemProps: {} };
  return { input: fieldInput(def), itemProps: fieldItemProps(def) };
}

/**
 * How a field's value reads in a table cell or a read-only row: a user or department by the name the
 * server sent beside it (`row`), a file as its download link.
 */
export function OnlineCell({ field, value, row }: { field: OnlineField; value: unknown; row?: OnlineRow }) {
  if (value === undefined || value === null || value === '') return <>-</>;
  switch (widgetOf(field)) {
    case 'dictSelect':
    case 'dictRadio':
    case 'dictCheckbox':
      return <DictTag code={field.dictCode} value={value} />;
    case 'switch':
      return <>{value === true || value === 'true' ? T.on : T.off}</>;
    case 'image':
      return <StoredImage path={String(value)} style={{ height: 40, width: 40 }} />;
    case 'file':
      return <FileLink path={String(value)} />;
    case 'user':
    case 'department':
      return <span className="online-ref">{String(displayOf(row, field.name, value))}</span>;
    case 'richtext':
      return <span>{String(value).replace(/<[^>]*>/g, '').slice(0, 50)}</span>;
    default:
      return <>{String(value)}</>;
  }
}
