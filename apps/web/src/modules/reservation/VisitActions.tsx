import { useEffect, useState, type ReactNode } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { canMoveVisit, Permission, reservationCancelSchema, reservationContract, type Reservation } from '@care/shared';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { RowActions, type RowAction } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { toMinute } from '../../components/crm/date-field';
import { VisitRescheduleModal } from './VisitBookModal';
import { isPastVisitTime } from './visit-calendar';
import { VisitText } from './visit-text';

/** Query keys of visit reads (calendar, detail); invalidated after every change. */
export const visitQueryKey = ['crm', 'reservations'] as const;

const nameOf = (visit: Reservation) => visit.subjectName ?? visit.reservationNo;

/**
 * The row actions of a visit — 已到店 / 未到店 / 取消 (with a reason) / 改期 — each shown only to
 * holders of its button and only while `canMoveVisit` allows it (未到店 once the visit time has come,
 * as the server refuses it before). `onChanged` runs after a change, with the visit as saved.
 */
export function useVisitActions(onChanged: (visit: Reservation) => void): { render: (visit: Reservation) => ReactNode; modals: ReactNode } {
  const { request } = useServices();
  const client = useQueryClient();
  const notice = useSuccessNotice();
  const [rescheduling, setRescheduling] = useState<Reservation | null>(null);
  const [cancelling, setCancelling] = useState<Reservation | null>(null);

  const changed = (saved: Reservation) => {
    void client.invalidateQueries({ queryKey: visitQueryKey });
    onChanged(saved);
  };

  const mark = useMutation({
    mutationFn: ({ visit, event }: { visit: Reservation; event: 'arrive' | 'noShow' }) =>
      request.call(reservationContract[event], { id: visit.id, version: visit.version }),
    onSuccess: (saved, { event }) => {
      notice(reservationContract[event]);
      changed(saved);
    },
  });

  const render = (visit: Reservation) => {
    const pending = (event: 'arrive' | 'noShow' | 'cancel' | 'edit') => visit.kind === 'visit' && canMoveVisit(visit.status, event);
    const actions: RowAction[] = [
      {
        key: 'arrive',
        label: VisitText.arrive,
        permission: Permission.reservationArrive,
        hidden: !pending('arrive'),
        confirm: VisitText.arriveConfirm(nameOf(visit)),
        onClick: () => mark.mutateAsync({ visit, event: 'arrive' }).catch(() => undefined),
      },
      {
        key: 'noShow',
        label: VisitText.noShow,
        permission: Permission.reservationNoShow,
        hidden: !pending('noShow') || visit.at === null || !isPastVisitTime(visit.at),
        confirm: VisitText.noShowConfirm(nameOf(visit)),
        onClick: () => mark.mutateAsync({ visit, event: 'noShow' }).catch(() => undefined),
      },
      { key: 'reschedule', label: VisitText.reschedule, permission: Permission.reservationEdit, hidden: !pending('edit'), onClick: () => setRescheduling(visit) },
      { key: 'cancel', label: VisitText.cancel, permission: Permission.reservationCancel, hidden: !pending('cancel'), danger: true, onClick: () => setCancelling(visit) },
    ];
    return (
      <span className="reservation-actions" onClick={(e) => e.stopPropagation()}>
        <RowActions actions={actions} />
      </span>
    );
  };

  const modals = (
    <>
      <VisitRescheduleModal visit={rescheduling} onClose={() => setRescheduling(null)} onDone={changed} />
      <VisitCancelModal visit={cancelling} onClose={() => setCancelling(null)} onDone={changed} />
    </>
  );
  return { render, modals };
}

interface VisitCancelModalProps {
  visit: Reservation | null;
  onClose: () => void;
  onDone: (visit: Reservation) => void;
}

/** 取消预约: asks for the reason and confirms; a cancelled visit takes no further action. */
function VisitCancelModal({ visit, onClose, onDone }: VisitCancelModalProps) {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (visit) form.setFieldsValue({ reason: '' });
  }, [visit, form]);

  const save = useMutation({
    mutationFn: (reason: string) => request.call(reservationContract.cancel, { id: visit?.id ?? '', version: visit?.version ?? 0, reason }),
    onSuccess: (saved) => {
      notice(reservationContract.cancel);
      onDone(saved);
      onClose();
    },
  });

  return (
    <Modal
      open={visit !== null}
      title={visit ? VisitText.cancelTitleOf(nameOf(visit)) : VisitText.cancelTitle}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values.reason.trim()), () => undefined)}
      okText={VisitText.cancelOk}
      cancelText={VisitText.keep}
      okButtonProps={{ danger: true }}
      confirmLoading={save.isPending}
      destroyOnHidden
      className="visit-cancel-modal"
    >
      {visit && <Typography.Paragraph>{VisitText.cancelConfirm(nameOf(visit), toMinute(visit.at))}</Typography.Paragraph>}
      <Form form={form} name="visitCancelForm" layout="vertical" className="visit-cancel-form">
        <Form.Item
          name="reason"
          label={VisitText.cancelReason}
          rules={[
            { required: true, whitespace: true, message: VisitText.cancelReasonRequired },
            schemaRule(reservationCancelSchema, 'reason', () => ({ id: visit?.id, version: visit?.version, reason: form.getFieldValue('reason') ?? '' })),
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={VisitText.cancelReasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
