import { useState } from 'react';
import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { centsToMoney, moneyToCents, receivableContract, type PaymentAdd, type ReceivableRecord } from '@care/shared';
import { DictSelect, DictTag } from '../../components/dict';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { useServices } from '../../lib/useServices';
import { OrderPicker } from './OrderPicker';
import { ReceivableUiText as text } from './receivable-text';

type Values = { orderId: string; method: string; amount: string; paidAt: dayjs.Dayjs; payer?: string; bankRef?: string; invoiceNo?: string; attachments?: string; remark?: string; advance?: boolean };

/** 登记收款: an order, then an amount per receivable of it; an excess only as 预收/超额. */
export function PaymentForm({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (body: PaymentAdd) => Promise<boolean> }) {
  const { request } = useServices();
  const [form] = Form.useForm<Values>();
  const [shares, setShares] = useState<Record<string, string | null>>({});
  const orderId = Form.useWatch('orderId', form);
  const amount = Form.useWatch('amount', form);
  const lines = useQuery({
    queryKey: ['receivables-of-order', orderId],
    queryFn: () => request.call(receivableContract.ofOrder, { orderId: orderId! }),
    enabled: Boolean(orderId),
  });
  const allocated = Object.values(shares).reduce((s, v) => s + (v ? moneyToCents(v) : 0), 0);
  const excess = amount ? moneyToCents(String(amount)) - allocated : 0;

  const submit = async () => {
    const v = await form.validateFields();
    const saved = await onSave({
      orderId: v.orderId,
      method: v.method,
      amount: String(v.amount),
      paidAt: v.paidAt.format('YYYY-MM-DD HH:mm:ss'),
      payer: v.payer ?? '',
      bankRef: v.bankRef ?? '',
      invoiceNo: v.invoiceNo ?? '',
      remark: v.remark ?? '',
      attachments: v.attachments ? v.attachments.split(',').filter(Boolean) : [],
      advance: v.advance ?? false,
      allocations: Object.entries(shares)
        .filter(([, s]) => s && moneyToCents(s) > 0)
        .map(([receivableId, s]) => ({ receivableId, amount: s! })),
    });
    if (saved) {
      form.resetFields();
      setShares({});
    }
  };

  return (
    <Modal open={open} title={text.record} width={860} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} name="payment" layout="vertical" initialValues={{ paidAt: dayjs() }} className="payment-form">
        <Form.Item name="orderId" label={text.order} rules={[{ required: true, message: '请选择订单!' }]}>
          <OrderPicker openOnly onChange={() => setShares({})} />
        </Form.Item>
        {orderId && (
          <Table<ReceivableRecord>
            size="small"
            rowKey="id"
            pagination={false}
            loading={lines.isLoading}
            dataSource={lines.data ?? []}
            className="payment-lines"
            columns={[
              { title: text.item, dataIndex: 'item', render: (v: string) => <DictTag code="receivable_item" value={v} /> },
              { title: text.dueDate, dataIndex: 'dueDate' },
              { title: text.amount, dataIndex: 'amount', align: 'right' },
              { title: text.received, dataIndex: 'received', align: 'right' },
              { title: text.pending, dataIndex: 'pending', align: 'right' },
              {
                title: text.thisTime,
                render: (_, r) => {
                  const left = moneyToCents(r.outstanding) - moneyToCents(r.pending);
                  return (
                    <InputNumber
                      aria-label={`${text.thisTime}-${r.item}`}
                      min="0"
                      max={centsToMoney(Math.max(left, 0))}
                      precision={2}
                      stringMode
                      disabled={left <= 0}
                      value={shares[r.id] ?? null}
                      onChange={(value) => setShares((s) => ({ ...s, [r.id]: value }))}
                    />
                  );
                },
              },
            ]}
          />
        )}
        <Form.Item name="amount" label={text.paymentAmount} rules={[{ required: true, message: '请输入收款金额!' }]} style={{ marginTop: 12 }}>
          <InputNumber min="0.01" precision={2} stringMode style={{ width: 200 }} />
        </Form.Item>
        {excess !== 0 && <Alert type={excess > 0 ? 'warning' : 'error'} showIcon message={text.allocatedSum(centsToMoney(allocated), centsToMoney(Math.max(excess, 0)))} style={{ marginBottom: 12 }} />}
        <Form.Item name="advance" valuePropName="checked">
          <Checkbox>{text.advance}</Checkbox>
        </Form.Item>
        <Form.Item name="method" label={text.method} rules={[{ required: true, message: '请选择收款方式!' }]}>
          <DictSelect code="payment_method" />
        </Form.Item>
        <Form.Item name="paidAt" label={text.paidAt} rules={[{ required: true, message: '请选择收款时间!' }]}>
          <DatePicker showTime style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="payer" label={text.payer} rules={[{ max: 50, message: '付款人不能超过50个字符' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="bankRef" label={text.bankRef} rules={[{ max: 100, message: '银行流水号不能超过100个字符' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="invoiceNo" label={text.invoiceNo} rules={[{ max: 50, message: '发票号不能超过50个字符' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="attachments" label={text.attachments}>
          <ImageUpload multiple biz="payment" />
        </Form.Item>
        <Form.Item name="remark" label={text.remark} rules={[{ max: 500, message: '备注不能超过500个字符' }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
