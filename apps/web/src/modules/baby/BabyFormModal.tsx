import { Input, InputNumber } from 'antd';
import { babyContract, babyCreateSchema, type Baby } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { useSaveMutation } from '../../components/crud/useSaveMutation';
import { DictRadio } from '../../components/dict/DictRadio';
import { DictSelect } from '../../components/dict/DictSelect';
import { CustomerBabyText } from '../../components/crm/crm-text';
import { dateTimeInput } from '../../components/crm/crm-fields';
import { FieldGrid } from '../../components/form/FieldGrid';
import { CrmFormDialog } from '../../components/crm/CrmFormDialog';
import { minuteValue, useSentForm } from '../../components/crm/useSentForm';

const TEXT_FIELDS = ['name', 'notes'] as const;
const NULLABLE_FIELDS = ['gender', 'birthAt', 'gestationWeeks', 'birthWeight', 'birthLength', 'bloodType'] as const;

interface BabyFormModalProps {
  /** The customer the baby belongs to; null keeps the modal closed. */
  customerId: string | null;
  /** null: a new baby. */
  baby: Baby | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增宝宝 / 编辑宝宝 of a customer (weight in grams, length in centimetres). */
export function BabyFormModal({ customerId, baby, onClose, onSaved }: BabyFormModalProps) {
  const { request } = useServices();
  const open = customerId !== null;
  const { form, sent, rule } = useSentForm({
    schema: babyCreateSchema,
    open,
    record: baby,
    textFields: TEXT_FIELDS,
    nullableFields: NULLABLE_FIELDS,
    load: (b) => ({ birthAt: minuteValue(b.birthAt) }),
    finish: (values) => ({ customerId, ...values }),
  });

  const save = useSaveMutation({
    editing: Boolean(baby),
    add: babyContract.add,
    edit: babyContract.edit,
    mutationFn: () => {
      const { customerId: owner, ...fields } = babyCreateSchema.parse(sent());
      return baby ? request.call(babyContract.edit, { id: baby.id, version: baby.version, ...fields }) : request.call(babyContract.add, { customerId: owner, ...fields });
    },
    onSaved: () => onSaved(),
    onClose,
  });

  return (
    <CrmFormDialog kind="baby" form={form} save={save} open={open} onClose={onClose} width={720} title={baby ? `${CustomerBabyText.editTitle} - ${baby.name}` : CustomerBabyText.add}>
      <FieldGrid
        rule={rule}
        fields={[
          { name: 'name', label: CustomerBabyText.name, required: true, input: <Input maxLength={50} /> },
          { name: 'gender', label: CustomerBabyText.gender, input: <DictRadio code="sex" buttons /> },
          { name: 'birthAt', label: CustomerBabyText.birthAt, ...dateTimeInput() },
          { name: 'gestationWeeks', label: CustomerBabyText.gestationWeeks, input: <InputNumber precision={0} style={{ width: '100%' }} addonAfter="周" /> },
          {
            name: 'birthWeight',
            label: CustomerBabyText.birthWeight,
            input: <InputNumber precision={0} style={{ width: '100%' }} addonAfter={CustomerBabyText.birthWeightSuffix} />,
          },
          {
            name: 'birthLength',
            label: CustomerBabyText.birthLength,
            input: <InputNumber<string> stringMode precision={1} style={{ width: '100%' }} addonAfter={CustomerBabyText.birthLengthSuffix} />,
          },
          { name: 'bloodType', label: CustomerBabyText.bloodType, input: <DictSelect code="blood_type" /> },
          { name: 'notes', label: CustomerBabyText.notes, span: 16, input: <Input.TextArea rows={2} maxLength={1000} /> },
        ]}
      />
    </CrmFormDialog>
  );
}
