import { useEffect, useRef, useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, DictCode, nurseAssignmentContract, nurseAssignmentFormSchema, nursePayStandardContract, type NurseAssignment, type NurseAssignmentForm as FormValues } from '@care/shared';
import { DATE_FORMAT, textDateProps } from '../../components/crm';
import { CustomerSearchSelect } from '../../components/crm/CustomerSearchSelect';
import { DictSelect } from '../../components/dict/DictSelect';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { NurseMatchDrawer } from '../nurse-schedule/NurseMatchDrawer';
import { NurseAssignmentPageText as T } from './nurse-assignment-text';
import { NursePicker, OrderPicker, useNurseDetails } from './NursePickers';
import { useSaveMutation } from '../../components/crud/useSaveMutation';

type Values = Omit<FormValues, 'dailyRate'> & { dailyRate?: string | number };

/**
 * 新增/编辑派工: the nurse (or 匹配月嫂 for the order's store and period), an order of the caller's scope
 * (到家 may name a customer without one), the period as start date and days, and the daily rate —
 * filled from the 薪酬标准 of the nurse's level and practice type for the service form.
 */
export function NurseAssignmentFormModal({ open, row, onClose, onDone }: { open: boolean; row: NurseAssignment | null; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [matching, setMatching] = useState(false);
  const [nurse, setNurse] = useState<{ id: string; name: string; nurseNo: string } | null>(null);
  const [orderStore, setOrderStore] = useState<string | undefined>(undefined);
  const autoRate = useRef<string | null>(null);
  const orderId = Form.useWatch('orderId', form);
  const serviceForm = Form.useWatch('serviceForm', form);
  const startDate = Form.useWatch('startDate', form);
  const days = Form.useWatch('days', form);
  const nurseId = Form.useWatch('nurseId', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    autoRate.current = null;
    setOrderStore(row?.storeId);
    if (row) {
      form.setFieldsValue({ nurseId: row.nurseId, orderId: row.orderId, customerId: row.customerId, serviceForm: row.serviceForm as Values['serviceForm'], address: row.address, startDate: row.startDate, days: row.days, dailyRate: row.dailyRate, remark: row.remark });
      setNurse({ id: row.nurseId, name: row.nurseName ?? '', nurseNo: row.nurseNo ?? '' });
    } else setNurse(null);
  }, [open, row, form]);

  // The picked nurse's level and practice type → the 薪酬标准's daily rate for the service form.
  const details = useNurseDetails(nurse?.id, nurse?.nurseNo);
  const standard = useQuery({
    queryKey: ['nurseAssignment', 'payStandard', details.data?.level, details.data?.practiceType, serviceForm],
    queryFn: () => request.call(nursePayStandardContract.lookup, { level: details.data!.level, practiceType: details.data!.practiceType, serviceType: serviceForm! }),
    enabled: Boolean(open && details.data && serviceForm),
  });
  useEffect(() => {
    const rate = standard.data?.dailyRate;
    if (!rate) return;
    const current = form.getFieldValue('dailyRate') as string | number | undefined;
    // Fill an empty rate or one filled before; never overwrite what the user typed.
    if (current === undefined || current === null || current === '' || String(current) === autoRate.current) {
      form.setFieldsValue({ dailyRate: rate });
      autoRate.current = rate;
    }
  }, [standard.data, form]);

  const save = useSaveMutation({
    editing: Boolean(row),
    add: nurseAssignmentContract.add,
    edit: nurseAssignmentContract.edit,
    mutationFn: (v: Values) => {
      const body = { ...v, orderId: v.orderId ?? null, customerId: v.orderId ? null : (v.customerId ?? null), dailyRate: String(v.dailyRate ?? '') };
      return row ? request.call(nurseAssignmentContract.edit, { ...body, id: row.id, version: row.version }) : request.call(nurseAssignmentContract.add, body);
    },
    onSaved: () => {
      void client.invalidateQueries({ queryKey: ['nurseAssignment'] });
      onDone();
    },
    onClose,
  });
  const values = () => {
    const v = form.getFieldsValue();
    return { ...v, startDate: v.startDate ?? '', dailyRate: v.dailyRate === undefined || v.dailyRate === null ? '' : String(v.dailyRate) };
  };
  const rule = (field: string, required = false) => schemaRule(nurseAssignmentFormSchema, field, values, required);
  const endDate = startDate && days && Number.isInteger(days) && days > 0 ? addDays(startDate, days) : null;

  return (
    <Modal
      open={open}
      title={row ? T.editTitle(row.assignmentNo) : T.add}
      width={640}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      className="nurse-assignment-form-modal"
    >
      <Form<Values> form={form} name="nurseAssignmentForm" layout="vertical" initialValues={{ serviceForm: 'center', days: 26, address: '', remark: '' }}>
        <Form.Item name="serviceForm" label={T.serviceForm} rules={[{ required: true, message: T.required(T.serviceForm) }]}>
          <DictSelect code={DictCode.nurseServiceType} className="nurse-assignment-service-form" />
        </Form.Item>
        <Form.Item name="orderId" label={T.order} extra={T.orderHint} rules={[{ required: serviceForm !== 'home', message: T.required(T.order) }]}>
          <OrderPicker
            currentLabel={row?.orderNo ? `${row.orderNo} · ${row.customerName ?? ''}` : null}
            onChange={(_, order) => {
              setOrderStore(order?.storeId);
              if (order) form.setFieldsValue({ customerId: order.customerId, ...(order.plannedCheckIn && !form.getFieldValue('startDate') ? { startDate: order.plannedCheckIn } : {}), ...(order.days ? { days: order.days } : {}) });
            }}
          />
        </Form.Item>
        {!orderId && serviceForm === 'home' && (
          <Form.Item name="customerId" label={T.customer} rules={[{ required: true, message: T.required(T.customer) }]}>
            <CustomerSearchSelect placeholder={T.customerPlaceholder} currentLabel={row?.customerName} className="nurse-assignment-customer" />
          </Form.Item>
        )}
        <Space align="start" size={12} wrap>
          <Form.Item name="startDate" label={T.startDate} rules={[{ required: true, message: '请选择开始日期!' }]} {...textDateProps(DATE_FORMAT)}>
            <DatePicker className="nurse-assignment-start" />
          </Form.Item>
          <Form.Item name="days" label={T.days} rules={[rule('days', true)]}>
            <InputNumber min={1} max={365} precision={0} addonAfter={T.daysUnit} className="nurse-assignment-days" />
          </Form.Item>
          <Form.Item label={T.endDate}>
            <Typography.Text className="nurse-assignment-end">{endDate ?? '-'}</Typography.Text>
          </Form.Item>
        </Space>
        <Form.Item label={T.nurse} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="nurseId" noStyle rules={[{ required: true, message: T.required(T.nurse) }]}>
              <NursePicker currentLabel={nurse ? `${nurse.name}（${nurse.nurseNo}）` : null} onPicked={(n) => setNurse(n ? { id: n.id, name: n.name, nurseNo: n.nurseNo } : null)} />
            </Form.Item>
            <Button onClick={() => setMatching(true)} className="nurse-assignment-match">
              {T.match}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="dailyRate"
          label={T.dailyRate}
          rules={[{ required: true, message: '请输入日薪!' }, rule('dailyRate')]}
          extra={nurseId && serviceForm && standard.isFetched ? (standard.data ? T.dailyRateFromStandard(standard.data.dailyRate) : T.noStandard) : undefined}
        >
          <InputNumber<string> min="0" precision={2} stringMode prefix="¥" style={{ width: 200 }} className="nurse-assignment-rate" />
        </Form.Item>
        <Form.Item name="address" label={T.address} rules={[rule('address')]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="remark" label={T.remark} rules={[rule('remark')]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
      <NurseMatchDrawer
        open={matching}
        criteria={{ storeId: orderStore, startDate: startDate ?? undefined, days: days ?? undefined, serviceType: serviceForm ?? undefined, orderId: orderId ?? undefined }}
        onPick={(n) => {
          setNurse(n);
          form.setFieldsValue({ nurseId: n.id });
          setMatching(false);
        }}
        onClose={() => setMatching(false)}
      />
    </Modal>
  );
}
