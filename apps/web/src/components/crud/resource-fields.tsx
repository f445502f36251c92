import type { ReactNode } from 'react';
import { DatePicker, Input, InputNumber, Switch } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import type { AnyResource, FieldDef } from '@care/shared';
import { DictSelect } from '../dict/DictSelect';
import { DictTag } from '../dict/DictTag';
import { EnabledTag } from '../crm/EnabledTag';
import { CrmText } from '../crm/crm-text';
import { DATE_FORMAT, DATE_TIME_FORMAT, textDateProps } from '../crm/date-field';

type Row = Record<string, unknown>;

/** The table column of one field: its label, sorter, search widget and cell as its kind asks. */
export function fieldColumn(key: string, def: FieldDef): ProColumns<Row> {
  const column: ProColumns<Row> = { title: def.label, dataIndex: key, sorter: def.sort, search: def.search ? undefined : false, hideInTable: !def.list };
  switch (def.kind) {
    case 'dict':
      return { ...column, renderFormItem: () => <DictSelect code={def.dict!} />, render: (_, row) => <DictTag code={def.dict!} value={row[key] as string} /> };
    case 'bool':
      return {
        ...column,
        valueType: 'select',
        valueEnum: { true: { text: CrmText.on }, false: { text: CrmText.off } },
        search: def.search ? { transform: (value: string) => ({ [key]: value === 'true' }) } : false,
        render: (_, row) => <EnabledTag enabled={Boolean(row[key])} />,
      };
    case 'money':
    case 'percent':
    case 'int':
      return { ...column, align: 'right' };
    case 'textarea':
      return { ...column, ellipsis: true };
    default:
      return column;
  }
}

/** The form widget of one field. */
export function fieldInput(def: FieldDef): ReactNode {
  switch (def.kind) {
    case 'dict':
      return <DictSelect code={def.dict!} />;
    case 'bool':
      return <Switch checkedChildren={CrmText.on} unCheckedChildren={CrmText.off} />;
    case 'int':
      return <InputNumber min={0} precision={0} style={{ width: 160 }} />;
    case 'money':
      return <InputNumber<string> min="0" precision={2} stringMode style={{ width: 200 }} />;
    case 'percent':
      return <InputNumber<string> min="0" max="100" precision={2} stringMode style={{ width: 160 }} />;
    case 'date':
      return <DatePicker style={{ width: 200 }} />;
    case 'datetime':
      // Only a writable instant reaches the form (read-only ones are left out): a generated page's 日期时间.
      return <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: 200 }} />;
    case 'textarea':
      return <Input.TextArea rows={2} maxLength={def.max} showCount />;
    default:
      return <Input maxLength={def.max} />;
  }
}

/** Form.Item props a kind needs besides name, label and rules. */
export function fieldItemProps(def: FieldDef) {
  if (def.kind === 'bool') return { valuePropName: 'checked' };
  if (def.kind === 'date') return textDateProps(DATE_FORMAT);
  if (def.kind === 'datetime') return textDateProps(DATE_TIME_FORMAT);
  return {};
}

/** The fields a person fills in: all but the read-only ones (a status, a send time). */
export function formEntries(resource: AnyResource): AnyResource['entries'] {
  return resource.entries.filter(([, def]) => !def.readOnly);
}

/** The values of a new row: each field's default as its add rule fills it (nothing for required fields). */
export function defaultValues(resource: AnyResource): Row {
  const values: Row = {};
  for (const [key, def] of formEntries(resource)) {
    const parsed = def.input.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) values[key] = parsed.data;
  }
  return values;
}

/** A row's editable values (the fields of the form). */
export function formValues(resource: AnyResource, row: Row): Row {
  return Object.fromEntries(formEntries(resource).map(([key]) => [key, row[key]]));
}

/** Values as the request sends them: untouched text fields '' (so the rule answers 请输入…!), empty numbers and dates as their defaults. */
export function sentValues(resource: AnyResource, values: Row): Row {
  const out: Row = { ...values };
  for (const [key, def] of formEntries(resource)) {
    const value = out[key];
    if (value !== undefined && value !== null) continue;
    if (def.kind === 'text' || def.kind === 'textarea' || def.kind === 'dict') out[key] = '';
    else delete out[key];
  }
  return out;
}
