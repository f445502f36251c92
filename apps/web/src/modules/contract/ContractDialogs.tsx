import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { contractContract, contractTemplateContract, ContractText, type ContractRecord, type Contract } from '@care/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { useServices } from '../../lib/useServices';
import { ContractContentEditor } from './ContractContentEditor';
import { ContractPageText as text } from './contract-text';

export type Run = (contract: Contract, input: Record<string, unknown>) => void;

/** 生成合同: an order ready for one (confirmed or later, no live contract) and a template; the money is the order's plan. */
export function GenerateContractModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ orderId: string; templateId: string; remark?: string }>();
  const [keyword, setKeyword] = useState('');
  const orders = useQuery({ queryKey: ['contract-orders', keyword], enabled: open, queryFn: () => request.call(contractContract.orderOptions, { keyword: keyword || undefined }) });
  const templates = useQuery({ queryKey: ['contract-templates'], enabled: open, queryFn: () => request.call(contractTemplateContract.options, {}) });
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => request.call(contractContract.generate, values as never),
    onSuccess: () => {
      void message.success(ContractText.generated);
      onDone();
      onClose();
    },
  });
  return (
    <FormDialog open={open} title={text.generateTitle} onCancel={onClose} pending={save.isPending} className="contract-generate-modal" form={form} formProps={{ layout: 'vertical', preserve: false }}
      onSubmit={(v) => save.mutate(v)}>
      <Form.Item name="orderId" label={text.order} rules={[{ required: true, message: '请选择订单!' }]}>
        <Select
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          placeholder={text.orderPlaceholder}
          loading={orders.isLoading}
          options={(orders.data ?? []).map((o) => ({ value: o.id, label: `${o.orderNo} ${o.customerName} ${o.storeName} ¥${o.dealPrice}` }))}
        />
      </Form.Item>
      <Form.Item name="templateId" label={text.template} rules={[{ required: true, message: '请选择合同模板!' }]}>
        <Select loading={templates.isLoading} options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
      </Form.Item>
      <Typography.Paragraph type="secondary" className="contract-plan-note">{text.planNote}</Typography.Paragraph>
      <Form.Item name="remark" label={text.remark}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}

/** 作废 / 终止 say why. */
export function ReasonModal({ asking, onClose }: { asking: { row: ContractRecord; action: string; contract: Contract; run: Run } | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const action = asking?.action ?? '';
  return (
    <FormDialog open={asking !== null} title={asking ? text.reasonTitle(asking.row.contractNo, action) : ''} onCancel={onClose} pending={false} className="contract-reason-modal" form={form} formProps={{ layout: 'vertical', preserve: false }}
      onSubmit={({ reason }) => {
        if (!asking) return;
        asking.run(asking.contract, { id: asking.row.id, version: asking.row.version, reason });
        onClose();
      }}>
      <Form.Item name="reason" label={text.reasonLabel(action)} rules={[{ required: true, whitespace: true, message: text.reasonRequired(action) }]}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** 编辑条款 while 待签署: terms and remark; the server sanitises the terms again. */
export function TermsModal({ editing, onClose }: { editing: { row: ContractRecord; run: Run } | null; onClose: () => void }) {
  const [form] = Form.useForm<{ terms: string; remark: string }>();
  return (
    <FormDialog
      open={editing !== null}
      width={1100}
      title={editing ? text.editTermsTitle(editing.row.contractNo) : ''}
      onCancel={onClose}
      pending={false}
      className="contract-terms-modal"
      form={form}
      formProps={{ layout: 'vertical', preserve: false, initialValues: editing ? { terms: editing.row.terms, remark: editing.row.remark } : undefined }}
      onSubmit={(v) => {
        if (!editing) return;
        editing.run(contractContract.edit, { id: editing.row.id, version: editing.row.version, ...v });
        onClose();
      }}
    >
      <Form.Item name="terms" label="合同条款">
        <ContractContentEditor />
      </Form.Item>
      <Form.Item name="remark" label={text.remark}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}

/** 附件: the scanned pages through the shared image upload. */
export function AttachmentsModal({ editing, onClose }: { editing: { row: ContractRecord; run: Run } | null; onClose: () => void }) {
  const [value, setValue] = useState<string | null>(null);
  const current = value ?? editing?.row.attachments.join(',') ?? '';
  const close = () => {
    setValue(null);
    onClose();
  };
  return (
    <Modal open={editing !== null} title={editing ? text.attachmentsTitle(editing.row.contractNo) : ''} onCancel={close} destroyOnHidden className="contract-attachments-modal"
      onOk={() => {
        if (!editing) return;
        editing.run(contractContract.attachments, { id: editing.row.id, version: editing.row.version, attachments: current.split(',').filter(Boolean) });
        close();
      }}>
      {editing && <ImageUpload multiple biz="contract" value={current} onChange={setValue} />}
    </Modal>
  );
}
