import { useEffect, useState, type ReactNode } from 'react';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation } from '@tanstack/react-query';
import { Permission, reservationContract, reservationCreateSchema, ReservationText, ResultCode, type Reservation, type UserOption } from '@care/shared';
import { ApiError } from '../../lib/api-error';
import { useAuthorized } from '../../lib/authorized/index';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { UserSelect } from '../../components/org/UserSelect';
import { StoreSelect } from '../../components/crm/CrmSelects';
import { DATE_TIME_FORMAT, shanghaiNow, textDateProps } from '../../components/crm/date-field';
import { isPastVisitTime } from './visit-calendar';
import { VisitText } from './visit-text';

/** Whose visit: a lead's (it moves to 已预约参观) or a customer's. */
export type VisitTarget = { leadId: string } | { customerId: string };

interface VisitFormValues {
  storeId?: string | null;
  /** `YYYY-MM-DD HH:mm`, Asia/Shanghai wall time. */
  at?: string | null;
  visitors?: number | null;
  receptionistId?: string | null;
  remark?: string | null;
}

// The form checks its own fields with the create schema; the subject is not the form's.
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** The values as the add/edit request sends them. */
function sent(values: VisitFormValues) {
  return {
    storeId: values.storeId ?? '',
    at: values.at ?? '',
    visitors: values.visitors ?? 1,
    receptionistId: values.receptionistId || null,
    remark: values.remark ?? '',
  };
}

/** Now, as a Dayjs holding the Asia/Shanghai wall time (the picker edits wall times). */
function shanghaiNowDayjs(): Dayjs {
  return dayjs(shanghaiNow());
}


const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** Days before today and, today, the hours and minutes already gone are not offered. */
const pickerLimits = {
  disabledDate: (d: Dayjs) => d.isBefore(shanghaiNowDayjs(), 'day'),
  disabledTime: (d: Dayjs | null) => {
    const now = shanghaiNowDayjs();
    if (!d || !d.isSame(now, 'day')) return {};
    return {
      disabledHours: () => range(0, now.hour()),
      disabledMinutes: (hour: number) => (hour === now.hour() ? range(0, now.minute() + 1) : hour < now.hour() ? range(0, 60) : []),
    };
  },
};

/** The current receptionist, labelled before the picker has searched. */
function knownReceptionist(visit: Reservation | null | undefined): UserOption[] | undefined {
  if (!visit?.receptionistId) return undefined;
  return [{ id: visit.receptionistId, username: '', firstName: visit.receptionistName ?? '', phone: null, departmentName: null }];
}

/** 门店, 参观时间, 到访人数, 接待人, 备注 — shared by booking and rescheduling. */
function VisitFields({ form, storeLabel, receptionist }: { form: ReturnType<typeof Form.useForm<VisitFormValues>>[0]; storeLabel?: string | null; receptionist?: Reservation | null }) {
  const authorized = useAuthorized();
  // Picking a receptionist searches the company's users.
  const canPickUser = authorized(Permission.userList);
  const values = () => ({ leadId: ANY_ID, customerId: null, ...sent(form.getFieldsValue()) });
  const rule = (field: string, required = false) => schemaRule(reservationCreateSchema, field, values, required);
  const notPast = {
    validator: async (_rule: unknown, value: unknown) => {
      if (typeof value === 'string' && value && isPastVisitTime(value)) throw new Error(ReservationText.past);
    },
  };
  return (
    <>
      <Form.Item name="storeId" label={VisitText.store} rules={[{ required: true, message: VisitText.storeRequired }, rule('storeId')]}>
        <StoreSelect currentLabel={storeLabel} />
      </Form.Item>
      <Form.Item name="at" label={VisitText.at} rules={[{ required: true, message: VisitText.atRequired }, rule('at'), notPast]} {...textDateProps(DATE_TIME_FORMAT)}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={DATE_TIME_FORMAT}
          placeholder={VisitText.atPlaceholder}
          style={{ width: '100%' }}
          className="visit-at-picker"
          showNow={false}
          {...pickerLimits}
        />
      </Form.Item>
      <Form.Item name="visitors" label={VisitText.visitors} rules={[rule('visitors', true)]}>
        <InputNumber min={1} max={20} precision={0} style={{ width: 160 }} addonAfter={VisitText.visitorsSuffix} />
      </Form.Item>
      {canPickUser ? (
        <Form.Item name="receptionistId" label={VisitText.receptionist} rules={[rule('receptionistId')]}>
          <UserSelect placeholder={VisitText.receptionistPlaceholder} known={knownReceptionist(receptionist)} />
        </Form.Item>
      ) : null}
      <Form.Item name="remark" label={VisitText.remark} rules={[rule('remark')]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder={VisitText.remarkPlaceholder} />
      </Form.Item>
    </>
  );
}

/** The server's rule failure (101) shown in the modal, besides the request client's notice. */
function useRefusal() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === ResultCode.business) setRefusal(error.message);
  };
  const alert = refusal ? <Alert type="error" showIcon message={refusal} className="visit-refusal" style={{ marginBottom: 16 }} /> : null;
  return { alert, onError, clear: () => setRefusal(null) };
}

interface VisitFormModalProps {
  kind: 'book' | 'reschedule';
  open: boolean;
  title: string;
  onClose(): void;
  form: FormInstance<VisitFormValues>;
  save: { mutate(values: VisitFormValues): void; isPending: boolean };
  refusal: ReturnType<typeof useRefusal>;
  children: ReactNode;
}

/** The dialog of a visit's form: OK forgets the last refusal, checks the items and saves. */
function VisitFormModal({ kind, open, title, onClose, form, save, refusal, children }: VisitFormModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => {
        refusal.clear();
        void form.validateFields().then((values) => save.mutate(values), () => undefined);
      }}
      confirmLoading={save.isPending}
      destroyOnHidden
      className={`visit-${kind}-modal`}
    >
      {refusal.alert}
      <Form form={form} name={kind === 'book' ? 'visitBookForm' : 'visitRescheduleForm'} layout="vertical" autoComplete="off" className={`visit-${kind}-form`}>
        {children}
      </Form>
    </Modal>
  );
}

export interface VisitBookModalProps {
  /** The lead or customer; null keeps the modal closed. */
  target: VisitTarget | null;
  /** The lead's or customer's name, in the title. */
  name?: string;
  /** The store offered first: the lead's 意向门店 or the customer's store. */
  storeId?: string | null;
  onClose(): void;
  /** After the visit was booked (a lead is now 已预约参观). */
  onBooked?(visit: Reservation): void;
}

/** 预约参观 for a lead or a customer: store, time (not in the past), visitors 1–20, receptionist, remark. */
export function VisitBookModal({ target, name, storeId, onClose, onBooked }: VisitBookModalProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [form] = Form.useForm<VisitFormValues>();
  const refusal = useRefusal();
  const open = target !== null;
  // Callers pass the target inline; the form resets when the lead or customer changes, not on every render.
  const targetKey = target === null ? null : 'leadId' in target ? `lead:${target.leadId}` : `customer:${target.customerId}`;

  useEffect(() => {
    if (targetKey === null) return;
    form.resetFields();
    form.setFieldsValue({ storeId: storeId ?? null, visitors: 1, remark: '' });
    refusal.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening
  }, [targetKey, storeId, form]);

  const save = useMutation({
    mutationFn: (values: VisitFormValues) => {
      const subject = target && 'leadId' in target ? { leadId: target.leadId, customerId: null } : { leadId: null, customerId: target?.customerId ?? null };
      return request.call(reservationContract.add, reservationCreateSchema.parse({ ...subject, ...sent(values) }));
    },
    onSuccess: (visit) => {
      notice(reservationContract.add);
      onBooked?.(visit);
      onClose();
    },
    onError: refusal.onError,
  });

  return (
    <VisitFormModal kind="book" open={open} title={name ? VisitText.bookTitleOf(name) : VisitText.bookTitle} onClose={onClose} form={form} save={save} refusal={refusal}>
      <VisitFields form={form} />
    </VisitFormModal>
  );
}

export interface VisitRescheduleModalProps {
  /** The 待到店 visit to move; null keeps the modal closed. */
  visit: Reservation | null;
  onClose(): void;
  onDone?(visit: Reservation): void;
}

/** 改期: a new store, time, visitors, receptionist or remark for a 待到店 visit (version-checked). */
export function VisitRescheduleModal({ visit, onClose, onDone }: VisitRescheduleModalProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [form] = Form.useForm<VisitFormValues>();
  const refusal = useRefusal();

  useEffect(() => {
    if (!visit) return;
    form.resetFields();
    form.setFieldsValue({
      storeId: visit.storeId,
      at: visit.at ? visit.at.slice(0, 16) : null,
      visitors: visit.visitors,
      receptionistId: visit.receptionistId,
      remark: visit.remark,
    });
    refusal.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per visit
  }, [visit, form]);

  const save = useMutation({
    mutationFn: (values: VisitFormValues) => {
      if (!visit) throw new Error('no visit');
      const { leadId: _l, customerId: _c, ...fields } = reservationCreateSchema.parse({ leadId: ANY_ID, ...sent(values) });
      return request.call(reservationContract.edit, { id: visit.id, version: visit.version, ...fields });
    },
    onSuccess: (saved) => {
      notice(reservationContract.edit);
      onDone?.(saved);
      onClose();
    },
    onError: refusal.onError,
  });

  const name = visit?.subjectName ?? visit?.reservationNo;
  return (
    <VisitFormModal
      kind="reschedule"
      open={visit !== null}
      title={name ? VisitText.rescheduleTitleOf(name) : VisitText.rescheduleTitle}
      onClose={onClose}
      form={form}
      save={save}
      refusal={refusal}
    >
      <VisitFields form={form} storeLabel={visit?.storeName} receptionist={visit} />
    </VisitFormModal>
  );
}
