import { useEffect, useState } from 'react';
import { Button, Form, Modal, Result, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CustomerText, leadConvertContract, type Lead, type LeadConvertResult } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { StoreSelect } from '../../components/crm/CrmSelects';
import { LeadConvertText } from '../../components/crm/crm-text';
import { customerDetailPath } from '../customer/customer-path';

interface LeadConvertModalProps {
  /** The lead to convert; null keeps the modal closed. */
  lead: Lead | null;
  onClose: () => void;
  /** After the conversion (the lead is 已转化 now). */
  onConverted: (result: LeadConvertResult) => void;
}

/**
 * 转为客户: pick the customer's 所属门店 (the lead's 意向门店 by default); the server creates the
 * customer (or links the one with the lead's phone). Then the customer's 360 page is one click away.
 */
export function LeadConvertModal({ lead, onClose, onConverted }: LeadConvertModalProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ storeId: string | null }>();
  const [done, setDone] = useState<LeadConvertResult | null>(null);

  useEffect(() => {
    setDone(null);
    if (lead) form.setFieldsValue({ storeId: lead.preferredStoreId });
  }, [lead, form]);

  const convert = useMutation({
    mutationFn: (storeId: string | null) => request.call(leadConvertContract, { id: lead?.id ?? '', storeId }),
    onSuccess: (result) => {
      notice(leadConvertContract);
      setDone(result);
      onConverted(result);
    },
  });

  if (done) {
    return (
      <Modal open={lead !== null} title={LeadConvertText.doneTitle} onCancel={onClose} footer={null} destroyOnHidden className="lead-convert-done">
        <Result
          status="success"
          title={LeadConvertText.doneTitle}
          subTitle={done.created ? LeadConvertText.doneCreated(done.customerNo) : LeadConvertText.doneLinked(done.customerNo)}
          extra={[
            <Button
              key="open"
              type="primary"
              onClick={() => {
                onClose();
                void navigate(customerDetailPath(done.customerId));
              }}
            >
              {LeadConvertText.open360}
            </Button>,
            <Button key="later" onClick={onClose}>
              {LeadConvertText.later}
            </Button>,
          ]}
        />
      </Modal>
    );
  }

  return (
    <Modal
      open={lead !== null}
      title={lead ? LeadConvertText.title(lead.name) : LeadConvertText.action}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => convert.mutate(values.storeId ?? null), () => undefined)}
      confirmLoading={convert.isPending}
      destroyOnHidden
      className="lead-convert-modal"
    >
      <Typography.Paragraph type="secondary">{LeadConvertText.intro}</Typography.Paragraph>
      <Form form={form} name="leadConvertForm" layout="vertical" initialValues={{ storeId: lead?.preferredStoreId ?? null }}>
        <Form.Item name="storeId" label={LeadConvertText.store} extra={LeadConvertText.storeHelp} rules={[{ required: true, message: CustomerText.storeRequired }]}>
          <StoreSelect currentLabel={lead?.preferredStoreName} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
