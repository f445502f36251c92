import { Input, InputNumber } from 'antd';
import { leadContract, leadCreateSchema, type Lead } from '@care/shared';
import { ApiError } from '../../lib/api-error';
import { useServices } from '../../lib/useServices';
import { useSaveMutation } from '../../components/crud/useSaveMutation';
import { DictSelect } from '../../components/dict/DictSelect';
import { StoreSelect } from '../../components/crm/CrmSelects';
import { channelFields, contactFields, dateInput, followUpFields, parityField } from '../../components/crm/crm-fields';
import { FieldGrid } from '../../components/form/FieldGrid';
import { CrmFormDialog, type CrmFormModalProps } from '../../components/crm/CrmFormDialog';
import { minuteValue, useSentForm } from '../../components/crm/useSentForm';
import { LeadText } from '../../components/crm/crm-text';

const TEXT_FIELDS = ['name', 'phone', 'wechat', 'referrer', 'remark'] as const;
const NULLABLE_FIELDS = ['leadChannelId', 'channelId', 'dueDate', 'gestationWeeks', 'parity', 'preferredStoreId', 'budget', 'intentionGrade', 'nextFollowAt'] as const;

/** The server's refusal of a phone held by another open lead (LeadText.duplicatePhone). */
const DUPLICATE_PHONE_PREFIX = '手机号已存在';

interface LeadFormModalProps extends CrmFormModalProps<Lead> {
  /** null: a new lead (the creator owns it). */
  lead: Lead | null;
}

/** 新增线索 / 编辑线索. A phone of another open lead is refused by the server; its message shows under 手机号. */
export function LeadFormModal({ open, lead, onClose, onSaved }: LeadFormModalProps) {
  const { request } = useServices();
  const { form, sent, rule } = useSentForm({
    schema: leadCreateSchema,
    open,
    record: lead,
    textFields: TEXT_FIELDS,
    nullableFields: NULLABLE_FIELDS,
    load: (l) => ({ nextFollowAt: minuteValue(l.nextFollowAt) }),
  });

  const save = useSaveMutation({
    editing: Boolean(lead),
    add: leadContract.add,
    edit: leadContract.edit,
    mutationFn: () => {
      const fields = leadCreateSchema.parse(sent());
      return lead ? request.call(leadContract.edit, { id: lead.id, version: lead.version, ...fields }) : request.call(leadContract.add, fields);
    },
    onSaved,
    onClose,
    onError: (error) => {
      if (error instanceof ApiError && error.message.startsWith(DUPLICATE_PHONE_PREFIX)) form.setFields([{ name: 'phone', errors: [error.message] }]);
    },
  });

  return (
    <CrmFormDialog kind="lead" form={form} save={save} open={open} onClose={onClose} width={760} title={lead ? LeadText.editTitle : LeadText.add}>
      <FieldGrid
        rule={rule}
        fields={[
          ...contactFields(LeadText),
          ...channelFields(LeadText, lead),
          { name: 'referrer', label: LeadText.referrer, input: <Input maxLength={50} /> },
          { name: 'dueDate', label: LeadText.dueDate, ...dateInput() },
          {
            name: 'gestationWeeks',
            label: LeadText.gestationWeeks,
            input: <InputNumber min={0} max={45} precision={0} style={{ width: '100%' }} addonAfter={LeadText.gestationSuffix} />,
          },
          parityField(LeadText.parity),
          { name: 'preferredStoreId', label: LeadText.preferredStore, input: <StoreSelect currentLabel={lead?.preferredStoreName} /> },
          { name: 'budget', label: LeadText.budget, input: <InputNumber<string> min="0" precision={2} stringMode style={{ width: '100%' }} /> },
          { name: 'intentionGrade', label: LeadText.intentionGrade, input: <DictSelect code="intention_grade" /> },
          ...followUpFields(LeadText),
        ]}
      />
    </CrmFormDialog>
  );
}
