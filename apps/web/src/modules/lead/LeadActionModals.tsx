import { useEffect, useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { leadCloseSchema, leadContract, leadStatusLabel, type Lead, type LeadClose } from '@care/shared';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { UserSelect } from '../../components/org/UserSelect';
import { LeadText } from '../../components/crm/crm-text';

export type OwnerMove = 'assign' | 'transfer';

interface LeadOwnerModalProps {
  /** 分配 (pool leads) or 转移 (owned leads); null keeps the modal closed. */
  move: { kind: OwnerMove; leads: Lead[] } | null;
  onClose: () => void;
  onDone: () => void;
}

/** 分配线索 / 转移线索 to a consultant; the new owner gets a message from the server. */
export function LeadOwnerModal({ move, onClose, onDone }: LeadOwnerModalProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setOwnerId(null);
    setError(null);
  }, [move]);

  const contract = move?.kind === 'transfer' ? leadContract.transfer : leadContract.assign;
  const save = useMutation({
    mutationFn: (owner: string) => request.call(contract, { ids: (move?.leads ?? []).map((l) => l.id), ownerId: owner }),
    onSuccess: () => {
      notice(contract);
      onDone();
      onClose();
    },
  });

  const submit = () => {
    if (!ownerId) {
      setError('请选择顾问!');
      return;
    }
    save.mutate(ownerId);
  };

  const names = (move?.leads ?? []).map((l) => l.name);
  return (
    <Modal
      open={move !== null}
      title={move?.kind === 'transfer' ? LeadText.transferTitle : LeadText.assignTitle}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={save.isPending}
      destroyOnHidden
      className="lead-owner-modal"
    >
      <p>{names.length === 1 ? names[0] : LeadText.selected(names.length)}</p>
      <Form layout="vertical">
        <Form.Item label={LeadText.consultant} required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <UserSelect
            value={ownerId}
            onChange={(id) => {
              setOwnerId(id || null);
              setError(null);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface LeadCloseModalProps {
  lead: Lead | null;
  onClose: () => void;
  onDone: () => void;
}

type CloseValues = Pick<LeadClose, 'status' | 'reason'>;

/** 已流失 / 无效 with a required reason; a closed lead takes no further action. */
export function LeadCloseModal({ lead, onClose, onDone }: LeadCloseModalProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [form] = Form.useForm<CloseValues>();
  useEffect(() => {
    if (lead) form.setFieldsValue({ status: 'lost', reason: '' });
  }, [lead, form]);

  const save = useMutation({
    mutationFn: (values: CloseValues) => request.call(leadContract.close, { id: lead?.id ?? '', ...values }),
    onSuccess: () => {
      notice(leadContract.close);
      onDone();
      onClose();
    },
  });

  const rule = (field: keyof CloseValues) =>
    schemaRule(leadCloseSchema, field, () => ({ id: lead?.id, ...form.getFieldsValue(), reason: form.getFieldValue('reason') ?? '' }), true);

  return (
    <Modal
      open={lead !== null}
      title={lead ? `${LeadText.closeTitle} - ${lead.name}` : LeadText.closeTitle}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values), () => undefined)}
      okButtonProps={{ danger: true }}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} name="leadCloseForm" layout="vertical" className="lead-close-form">
        <Form.Item name="status" label={LeadText.closeStatus} rules={[rule('status')]}>
          <Radio.Group
            options={(['lost', 'invalid'] as const).map((value) => ({ value, label: leadStatusLabel(value) }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item name="reason" label={LeadText.reason} rules={[rule('reason')]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={LeadText.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
