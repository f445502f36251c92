import type { ReactNode } from 'react';
import { Form, Input, type FormRule } from 'antd';
import { ModalForm } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import type { AnyResource, Contract } from '@care/shared';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { defaultValues, fieldInput, fieldItemProps, formEntries, formValues, sentValues } from './resource-fields';
import { useSuccessNotice } from './useSuccessNotice';

type Row = Record<string, unknown> & { id: string; version: number };

export const ResourceFormText = { ok: '确定', cancel: '取消', addTitle: (label: string) => `新增${label}`, editTitle: (label: string) => `编辑${label}` } as const;

export interface ResourceFormProps {
  resource: AnyResource;
  add?: Contract;
  edit?: Contract;
  /** null: add; a row: edit it (its id and version go with the save). */
  row: Row | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  title?: string;
  /** A field's own widget instead of the kind's (a parent picker …). */
  inputs?: Record<string, ReactNode>;
  /** Fields left out of the form. */
  hide?: readonly string[];
  /** Fields shown but not editable on edit (a code); locked even when they have their own widget. */
  lockedOnEdit?: readonly string[];
  /** Rules checked after the shared schema's (a remote uniqueness check …), on add only for locked fields. */
  rules?: Record<string, FormRule[]>;
  /** Fields shown only while their condition holds over the form's values (a picker for the chosen kind …). */
  when?: Record<string, (values: Record<string, unknown>) => boolean>;
  /** A hint under a field's item (编码创建后不能修改 …). */
  extra?: Record<string, ReactNode>;
  /** The dialog's width (600 by default). */
  width?: number;
  className?: string;
  /** More items after the fields, in the same form (a child table's rows …); their values go through `moreValues`. */
  children?: ReactNode;
  /** Initial values of the items in `children`. */
  initialExtra?: Record<string, unknown>;
  /** Values sent besides the fields', taken from the form's values (child rows, a fixed parent …). */
  moreValues?: (values: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The add/edit dialog of a resource on ProForm's ModalForm: one item per field, checked by the shared
 * add rule so the form shows what the server would answer; saves through the add or edit contract.
 */
export function ResourceForm({ resource, add, edit, row, open, onClose, onSaved, title, inputs = {}, hide = [], lockedOnEdit = [], rules = {}, when = {}, extra = {}, width = 600, className, children, initialExtra, moreValues }: ResourceFormProps) {
  const { request } = useServices();
  const [form] = Form.useForm<Record<string, unknown>>();
  const notice = useSuccessNotice();
  const sent = () => sentValues(resource, form.getFieldsValue(true) as Record<string, unknown>);

  const save = useMutation({
    mutationFn: () => {
      const values = { ...resource.create.parse(sent()), ...moreValues?.(form.getFieldsValue(true) as Record<string, unknown>) };
      const contract = row ? edit! : add!;
      return request.call(contract as never, (row ? { id: row.id, version: row.version, ...values } : values) as never);
    },
    onSuccess: () => {
      notice((row ? edit : add)!);
      onSaved();
      onClose();
    },
  });

  return (
    <ModalForm
      form={form}
      open={open}
      title={title ?? (row ? ResourceFormText.editTitle(resource.label) : ResourceFormText.addTitle(resource.label))}
      name={`${resource.name}Form`}
      className={className ?? `${resource.name}-form`}
      layout="horizontal"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      autoComplete="off"
      width={width}
      initialValues={{ ...(row ? formValues(resource, row) : defaultValues(resource)), ...initialExtra }}
      modalProps={{ destroyOnHidden: true, onCancel: onClose, confirmLoading: save.isPending }}
      // The form instance outlives the dialog: without this the next 新增 would show the last one's values
      // (ModalForm resets only with the deprecated destroyOnClose).
      clearOnDestroy
      submitter={{ searchConfig: { submitText: ResourceFormText.ok, resetText: ResourceFormText.cancel } }}
      onFinish={async () => {
        await save.mutateAsync().catch(() => undefined);
        return false;
      }}
    >
      {formEntries(resource)
        .filter(([key]) => !hide.includes(key))
        .map(([key, def]) => {
          const locked = row !== null && lockedOnEdit.includes(key);
          const item = (
            <Form.Item
              key={key}
              name={key}
              label={def.label}
              rules={[schemaRule(resource.create, key, sent, def.required), ...(locked ? [] : (rules[key] ?? []))]}
              extra={extra[key]}
              {...fieldItemProps(def)}
            >
              {locked ? <Input disabled /> : (inputs[key] ?? fieldInput(def))}
            </Form.Item>
          );
          const shown = when[key];
          if (!shown) return item;
          return (
            <Form.Item key={key} noStyle shouldUpdate>
              {() => (shown(form.getFieldsValue(true) as Record<string, unknown>) ? item : null)}
            </Form.Item>
          );
        })}
      {children}
    </ModalForm>
  );
}
