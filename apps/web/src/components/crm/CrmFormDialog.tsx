import type { ReactNode } from 'react';
import type { FormInstance } from 'antd';
import { FormDialog } from '../form/FormDialog';
import type { SentFormValues } from './useSentForm';

/** What the add/edit dialog of a CRM record (线索, 客户, 宝宝) is told by its page. */
export interface CrmFormModalProps<R> {
  open: boolean;
  onClose: () => void;
  onSaved: (saved: R) => void;
}

interface CrmFormDialogProps {
  /** Names the form `<kind>Form` and classes it `<kind>-form`. */
  kind: 'lead' | 'customer' | 'baby';
  form: FormInstance<SentFormValues>;
  save: { mutate: (variables: void) => void; isPending: boolean };
  open: boolean;
  title: string;
  width: number;
  onClose: () => void;
  children: ReactNode;
}

/** The dialog of a CRM record's vertical form: OK checks the items and saves. */
export function CrmFormDialog({ kind, form, save, onClose, children, ...modal }: CrmFormDialogProps) {
  return (
    <FormDialog
      form={form}
      formProps={{ name: `${kind}Form`, layout: 'vertical', className: `${kind}-form` }}
      onSubmit={() => save.mutate()}
      pending={save.isPending}
      onCancel={onClose}
      {...modal}
    >
      {children}
    </FormDialog>
  );
}
