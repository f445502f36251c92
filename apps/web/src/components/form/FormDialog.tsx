import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';

export interface FormDialogProps<V> extends Omit<ModalProps, 'onOk' | 'confirmLoading'> {
  form: FormInstance<V>;
  /** Called with the values once every item is valid. */
  onSubmit: (values: V) => void;
  /** The save is running (OK shows its spinner). */
  pending: boolean;
  /** The form's own props (name, class, layout); its items are the children. */
  formProps: Omit<FormProps<V>, 'form' | 'children'>;
  /** Shown above the form (a refusal of the last save …). */
  before?: ReactNode;
}

/** An add/edit dialog around its form: OK checks the items and submits; the form is dropped on close. */
export function FormDialog<V>({ form, onSubmit, pending, formProps, before, children, ...modal }: FormDialogProps<V>) {
  return (
    <Modal destroyOnHidden {...modal} onOk={() => void form.validateFields().then(onSubmit, () => undefined)} confirmLoading={pending}>
      {before}
      <Form form={form} autoComplete="off" {...formProps}>
        {children}
      </Form>
    </Modal>
  );
}
