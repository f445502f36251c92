import { useEffect } from 'react';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation } from '@tanstack/react-query';
import {
  DEPOSIT_METHODS,
  roomHoldAssignSchema,
  roomHoldCancelSchema,
  roomHoldContract,
  roomHoldConvertSchema,
  roomHoldCreateSchema,
  type RoomHold,
} from '@care/shared';
import { App } from 'antd';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { ChannelSelect, StoreSelect } from '../../components/crm/CrmSelects';
import { DATE_FORMAT, DATE_TIME_FORMAT, shanghaiNow, textDateProps } from '../../components/crm/date-field';
import { UserSelect } from '../../components/org/UserSelect';
import { ProductSelect } from '../product/product-pickers';
import { RoomTypeSelect } from '../room-type/RoomTypeSelect';
import { CustomerPicker, RoomPicker } from './HoldPickers';
import { DEPOSIT_METHOD_LABELS, HoldText } from './hold-text';

type Values = Record<string, unknown>;
const nameOf = (hold: RoomHold) => hold.customerName ?? hold.reservationNo;
const beforeToday = (d: Dayjs) => d.isBefore(dayjs(shanghaiNow().slice(0, 10)), 'day');
const methodOptions = DEPOSIT_METHODS.map((m) => ({ value: m, label: DEPOSIT_METHOD_LABELS[m] }));

/** The add form's values as the request sends them. */
function addBody(v: Values) {
  return {
    customerId: v.customerId ?? '',
    storeId: v.storeId ?? '',
    roomTypeId: v.roomTypeId || null,
    roomId: v.roomId || null,
    plannedCheckIn: v.plannedCheckIn ?? '',
    days: v.days ?? undefined,
    depositAmount: v.depositAmount === undefined || v.depositAmount === null ? '0' : String(v.depositAmount),
    depositMethod: v.depositMethod || null,
    depositPaidAt: v.depositPaidAt || null,
    depositPayer: v.depositPayer ?? '',
    remark: v.remark ?? '',
  };
}

/** 新增订房预约: customer, store, room type or room, check-in and days, and the deposit taken. */
export function HoldAddModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [form] = Form.useForm<Values>();
  const deposit = Number(Form.useWatch('depositAmount', form) ?? 0);
  useEffect(() => {
    if (open) form.setFieldsValue({ days: 28, depositAmount: 0, depositPaidAt: shanghaiNow().slice(0, 16) });
  }, [open, form]);
  const rule = (field: string, required = false) => schemaRule(roomHoldCreateSchema, field, () => addBody(form.getFieldsValue()), required);
  const save = useMutation({
    mutationFn: (v: Values) => request.call(roomHoldContract.add, addBody(v) as never),
    onSuccess: () => {
      notice(roomHoldContract.add);
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={HoldText.addTitle}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
      className="hold-add-modal"
    >
      <Form form={form} name="holdAddForm" layout="vertical" className="hold-add-form" preserve={false}>
        <Form.Item name="customerId" label={HoldText.customer} rules={[rule('customerId', true)]}>
          <CustomerPicker />
        </Form.Item>
        <Form.Item name="storeId" label={HoldText.store} rules={[rule('storeId', true)]}>
          <StoreSelect onChange={() => form.setFieldsValue({ roomTypeId: undefined, roomId: undefined })} />
        </Form.Item>
        <Form.Item name="roomTypeId" label={HoldText.roomType} rules={[rule('roomTypeId')]}>
          <RoomTypeSelect onChange={() => form.setFieldsValue({ roomId: undefined })} />
        </Form.Item>
        <Form.Item name="roomId" label={HoldText.room} rules={[rule('roomId')]}>
          <RoomPicker />
        </Form.Item>
        <Form.Item name="plannedCheckIn" label={HoldText.plannedCheckIn} rules={[rule('plannedCheckIn', true)]} {...textDateProps(DATE_FORMAT)}>
          <DatePicker style={{ width: '100%' }} disabledDate={beforeToday} />
        </Form.Item>
        <Form.Item name="days" label={HoldText.days} rules={[rule('days', true)]}>
          <InputNumber min={1} max={365} precision={0} addonAfter={HoldText.daysSuffix} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="depositAmount" label={HoldText.deposit} extra={HoldText.depositHint} rules={[rule('depositAmount')]}>
          <InputNumber min={0} precision={2} addonAfter="元" style={{ width: '100%' }} />
        </Form.Item>
        {deposit > 0 && (
          <>
            <Form.Item name="depositMethod" label={HoldText.depositMethod} rules={[rule('depositMethod', true)]}>
              <Select options={methodOptions} placeholder="请选择" />
            </Form.Item>
            <Form.Item name="depositPaidAt" label={HoldText.depositPaidAt} rules={[rule('depositPaidAt', true)]} {...textDateProps(DATE_TIME_FORMAT)}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="depositPayer" label={HoldText.depositPayer} rules={[rule('depositPayer')]}>
              <Input maxLength={50} />
            </Form.Item>
          </>
        )}
        <Form.Item name="remark" label={HoldText.remark} rules={[rule('remark')]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 排房: a room of the hold's store and type for its nights (the confirmation names them). */
export function HoldAssignModal({ hold, onClose, onDone }: { hold: RoomHold | null; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (hold) form.setFieldsValue({ storeId: hold.storeId, roomTypeId: hold.roomTypeId ?? undefined, roomId: undefined });
  }, [hold, form]);
  const save = useMutation({
    mutationFn: (roomId: string) => request.call(roomHoldContract.assign, { id: hold?.id ?? '', version: hold?.version ?? 0, roomId }),
    onSuccess: () => {
      notice(roomHoldContract.assign);
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open={hold !== null}
      title={hold ? HoldText.assignTitleOf(nameOf(hold)) : HoldText.assign}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(String(v.roomId)), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      className="hold-assign-modal"
    >
      {hold && <Typography.Paragraph>{HoldText.assignConfirm(nameOf(hold), hold.plannedCheckIn, hold.days)}</Typography.Paragraph>}
      <Form form={form} name="holdAssignForm" layout="vertical">
        <Form.Item name="storeId" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="roomTypeId" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="roomId" label={HoldText.room} rules={[schemaRule(roomHoldAssignSchema, 'roomId', () => ({ id: hold?.id, version: hold?.version, roomId: form.getFieldValue('roomId') ?? '' }), true)]}>
          <RoomPicker placeholder="请选择房间" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 转订单: the product and price of the order; the deposit and the held room move onto it. */
export function HoldConvertModal({ hold, onClose, onDone }: { hold: RoomHold | null; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (hold) form.setFieldsValue({ productId: undefined, dealPrice: undefined, consultantId: hold.ownerId ?? undefined, channelId: undefined, remark: '' });
  }, [hold, form]);
  const body = (v: Values) => ({
    id: hold?.id ?? '',
    version: hold?.version ?? 0,
    productId: v.productId ?? '',
    dealPrice: v.dealPrice === undefined || v.dealPrice === null ? '' : String(v.dealPrice),
    consultantId: v.consultantId || null,
    channelId: v.channelId || null,
    remark: v.remark ?? '',
  });
  const rule = (field: string, required = false) => schemaRule(roomHoldConvertSchema, field, () => body(form.getFieldsValue()), required);
  const save = useMutation({
    mutationFn: (v: Values) => request.call(roomHoldContract.convert, body(v) as never),
    onSuccess: (result) => {
      void message.success(HoldText.converted(result.orderNo));
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open={hold !== null}
      title={hold ? HoldText.convertTitleOf(nameOf(hold)) : HoldText.convert}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      className="hold-convert-modal"
    >
      {hold && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={HoldText.convertConfirm(nameOf(hold), hold.depositAmount)} />}
      <Form form={form} name="holdConvertForm" layout="vertical">
        <Form.Item name="productId" label={HoldText.product} rules={[rule('productId', true)]}>
          <ProductSelect />
        </Form.Item>
        <Form.Item name="dealPrice" label={HoldText.dealPrice} rules={[rule('dealPrice', true)]}>
          <InputNumber min={0} precision={2} addonAfter="元" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="consultantId" label={HoldText.consultant}>
          <UserSelect />
        </Form.Item>
        <Form.Item name="channelId" label={HoldText.channel}>
          <ChannelSelect />
        </Form.Item>
        <Form.Item name="remark" label={HoldText.remark} rules={[rule('remark')]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 取消订房: asks for the reason and says what follows (room released, deposit refunded through a change order). */
export function HoldCancelModal({ hold, onClose, onDone }: { hold: RoomHold | null; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (hold) form.setFieldsValue({ reason: '' });
  }, [hold, form]);
  const save = useMutation({
    mutationFn: (reason: string) => request.call(roomHoldContract.cancel, { id: hold?.id ?? '', version: hold?.version ?? 0, reason }),
    onSuccess: () => {
      notice(roomHoldContract.cancel);
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open={hold !== null}
      title={hold ? HoldText.cancelTitleOf(nameOf(hold)) : HoldText.cancel}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v.reason.trim()), () => undefined)}
      okText={HoldText.cancelOk}
      cancelText={HoldText.keep}
      okButtonProps={{ danger: true }}
      confirmLoading={save.isPending}
      destroyOnHidden
      className="hold-cancel-modal"
    >
      {hold && <Typography.Paragraph>{HoldText.cancelConfirm(nameOf(hold), hold.depositAmount)}</Typography.Paragraph>}
      <Form form={form} name="holdCancelForm" layout="vertical">
        <Form.Item
          name="reason"
          label={HoldText.cancelReason}
          rules={[schemaRule(roomHoldCancelSchema, 'reason', () => ({ id: hold?.id, version: hold?.version, reason: (form.getFieldValue('reason') ?? '').trim() }), true)]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={HoldText.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
