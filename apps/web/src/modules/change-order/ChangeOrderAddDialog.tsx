import { useState } from 'react';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { changeOrderContract, changeOrderKindOptions, fromCents, Permission, toCents, type ChangeOrderAdd, type ChangeOrderKind, type ChangeOrderQuote, type ReceivableRecord } from '@care/shared';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useAuthorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { ProductSelect } from '../product/product-pickers';
import { ChangeOrderOrderPicker, ChangeOrderReceivablePicker, ChangeOrderRoomPicker, takenOf, type PickedOrder } from './change-order-pickers';
import { ChangeOrderPageText as text } from './change-order-text';

interface Values {
  orderId?: string;
  kind: ChangeOrderKind;
  days?: number;
  toRoomId?: string;
  effectiveDate?: Dayjs;
  toProductId?: string;
  amount?: number;
  /** 调账: the receivable and its new amount. */
  receivableId?: string;
  adjustTo?: number;
  reason?: string;
}

function bodyOf(v: Values): ChangeOrderAdd {
  const base = { orderId: v.orderId ?? '', reason: (v.reason ?? '').trim() };
  if (v.kind === 'extend') return { ...base, kind: 'extend', days: v.days ?? 0 };
  if (v.kind === 'change_room') return { ...base, kind: 'change_room', toRoomId: v.toRoomId ?? '', effectiveDate: v.effectiveDate?.format('YYYY-MM-DD') ?? '' };
  if (v.kind === 'upgrade') return { ...base, kind: 'upgrade', toProductId: v.toProductId ?? '' };
  if (v.kind === 'adjust') return { ...base, kind: 'adjust', receivableId: v.receivableId ?? '', amount: String(v.adjustTo ?? '') };
  return { ...base, kind: 'refund', amount: String(v.amount ?? '') };
}

/** Kinds whose reason is required, with the message. */
const reasonRequired: Partial<Record<ChangeOrderKind, string>> = { refund: '请输入退款原因!', adjust: text.adjustReasonRequired };

export interface ChangeOrderAddDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** Opened for one order and kind (the room board's 续住 / 换房): the order is fixed. */
  preset?: { order: PickedOrder; kind: ChangeOrderKind; toRoomId?: string; effectiveDate?: Dayjs };
}

/**
 * 新增变更单: an order, the kind and its fields; the amount the server computes is shown before saving.
 * 调账 moves one receivable of the order to a new amount (never below what it received), with a reason.
 */
export function ChangeOrderAddDialog({ open, onClose, onSaved, preset }: ChangeOrderAddDialogProps) {
  const { request } = useServices();
  const { message } = App.useApp();
  const notice = useSuccessNotice();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'extend';
  const authorized = useAuthorized();
  const [order, setOrder] = useState<PickedOrder | null>(preset?.order ?? null);
  const [line, setLine] = useState<ReceivableRecord | null>(null);
  const adjustTo = Form.useWatch('adjustTo', form);
  const [quote, setQuote] = useState<ChangeOrderQuote | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async (save: boolean) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      if (save) {
        await request.call(changeOrderContract.add, bodyOf(values));
        notice(changeOrderContract.add);
        onSaved();
        onClose();
      } else {
        setQuote(await request.call(changeOrderContract.quote, bodyOf(values)));
      }
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  // 调账 reads the order's receivables: offered to those who may list them.
  const kindOptions = changeOrderKindOptions.filter((k) => k.value !== 'adjust' || authorized(Permission.receivableList)).map((k) => ({ value: k.value, label: k.label }));
  const required = (label: string) => [{ required: true, message: `请${label.includes('日期') || label.includes('房间') || label.includes('产品') ? '选择' : '输入'}${label}!` }];
  return (
    <Modal
      open={open}
      title={text.add}
      onCancel={onClose}
      destroyOnHidden
      width={600}
      className="change-order-add-modal"
      footer={[
        <Button key="quote" onClick={() => void ask(false)} loading={busy} className="change-order-quote">
          {text.quote}
        </Button>,
        <Button key="save" type="primary" onClick={() => void ask(true)} loading={busy}>
          保存
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ kind: preset?.kind ?? 'extend', orderId: preset?.order.id, toRoomId: preset?.toRoomId, effectiveDate: preset?.effectiveDate }} onValuesChange={() => setQuote(null)}>
        <Form.Item name="orderId" label={text.order} rules={[{ required: true, message: '请选择订单!' }]}>
          <ChangeOrderOrderPicker
            onPicked={(picked) => {
              setOrder(picked);
              setLine(null);
              form.setFieldValue('receivableId', undefined);
            }}
            current={preset?.order}
            disabled={Boolean(preset)}
          />
        </Form.Item>
        <Form.Item name="kind" label={text.kind} rules={[{ required: true, message: '请选择变更类型!' }]}>
          <Radio.Group optionType="button" options={kindOptions} />
        </Form.Item>
        {kind === 'extend' && (
          <Form.Item name="days" label={text.days} rules={required(text.days)}>
            <InputNumber min={1} max={365} precision={0} addonAfter="天" />
          </Form.Item>
        )}
        {kind === 'change_room' && (
          <>
            <Form.Item name="toRoomId" label={text.toRoom} rules={required(text.toRoom)}>
              <ChangeOrderRoomPicker storeId={order?.storeId} />
            </Form.Item>
            <Form.Item name="effectiveDate" label={text.effectiveDate} rules={required(text.effectiveDate)}>
              <DatePicker />
            </Form.Item>
          </>
        )}
        {kind === 'upgrade' && (
          <Form.Item name="toProductId" label={text.toProduct} rules={required(text.toProduct)}>
            <ProductSelect />
          </Form.Item>
        )}
        {kind === 'refund' && (
          <Form.Item name="amount" label={text.amount} rules={required(text.amount)}>
            <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: 200 }} />
          </Form.Item>
        )}
        {kind === 'adjust' && (
          <>
            <Form.Item name="receivableId" label={text.adjustReceivable} rules={[{ required: true, message: text.adjustReceivableRequired }]}>
              <ChangeOrderReceivablePicker orderId={order?.id} onPicked={setLine} />
            </Form.Item>
            <Form.Item name="adjustTo" label={text.adjustAmount} rules={[{ required: true, message: text.adjustAmountRequired }]} extra={line ? text.adjustFloor(takenOf(line)) : undefined}>
              <InputNumber min={0} precision={2} prefix="¥" style={{ width: 200 }} />
            </Form.Item>
            {line && typeof adjustTo === 'number' && <Typography.Paragraph className="change-order-adjust-delta">{text.adjustDelta(fromCents(toCents(adjustTo) - toCents(line.amount)))}</Typography.Paragraph>}
          </>
        )}
        <Form.Item name="reason" label={text.reason} rules={reasonRequired[kind] ? [{ required: true, whitespace: true, message: reasonRequired[kind] }] : []}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
      {quote && <Alert type="info" showIcon className="change-order-quote-result" message={text.quoted(quote.amountDelta, quote.approvalSteps)} description={quote.basis} />}
    </Modal>
  );
}
