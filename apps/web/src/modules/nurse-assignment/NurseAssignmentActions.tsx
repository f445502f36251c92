import { useEffect, useState, type ReactNode } from 'react';
import { DatePicker, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { nurseAssignmentContract, nurseAssignmentMachine, NurseAssignmentText, Permission, type NurseAssignment, type NurseAssignmentEvent } from '@care/shared';
import { DATE_FORMAT, shanghaiNow, textDateProps } from '../../components/crm';
import { RowActions, type RowAction } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useMayAuditOwn } from '../../lib/four-eyes';
import { useServices } from '../../lib/useServices';
import { NurseEvaluationModal, type EvaluationTarget } from '../nurse-evaluation/NurseEvaluationModal';
import { NurseAssignmentPageText as T } from './nurse-assignment-text';
import { NursePicker } from './NursePickers';
import { ReasonDialog } from '../../components/form/ReasonDialog';
import { useActionMutation } from '../../components/crud/useSaveMutation';

type Dialog = { kind: 'start' | 'finish' | 'swap' | 'cancel'; row: NurseAssignment } | null;
const today = () => shanghaiNow().slice(0, 10);

/**
 * A 派工单's row actions by state (nurseAssignmentMachine): 编辑 and 审核 (confirmed; not by its creator) while 待审核, 上户
 * and 取消 (a reason) before the job begins, 下户 and 换人 while 服务中, 评价 once 已完成 and not evaluated;
 * each only for holders of its button.
 */
export function useNurseAssignmentActions(onChanged: () => void, onEdit: (row: NurseAssignment) => void, evaluated: ReadonlySet<string>): { render: (row: NurseAssignment) => ReactNode; modals: ReactNode } {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const mayAudit = useMayAuditOwn();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [evaluating, setEvaluating] = useState<EvaluationTarget>(null);
  const changed = () => {
    void client.invalidateQueries({ queryKey: ['nurseAssignment'] });
    onChanged();
  };
  const audit = useMutation({
    mutationFn: (row: NurseAssignment) => request.call(nurseAssignmentContract.audit, { id: row.id, version: row.version }),
    onSuccess: () => {
      notice(nurseAssignmentContract.audit);
      changed();
    },
  });

  const render = (row: NurseAssignment) => {
    const can = (event: NurseAssignmentEvent) => nurseAssignmentMachine.can(row.status, event);
    const actions: RowAction[] = [
      // 四眼原则: one's own 派工 is audited by someone else (the server refuses it too).
      { key: 'audit', label: T.audit, permission: Permission.nurseAssignmentAudit, hidden: !can('audit') || !mayAudit(row.createdBy), confirm: T.auditConfirm(row.assignmentNo), onClick: () => audit.mutateAsync(row).catch(() => undefined) },
      { key: 'edit', label: T.edit, permission: Permission.nurseAssignmentEdit, hidden: row.status !== 'pending_audit', onClick: () => onEdit(row) },
      { key: 'start', label: T.start, permission: Permission.nurseAssignmentStart, hidden: !can('start'), onClick: () => setDialog({ kind: 'start', row }) },
      { key: 'finish', label: T.finish, permission: Permission.nurseAssignmentFinish, hidden: !can('finish'), onClick: () => setDialog({ kind: 'finish', row }) },
      { key: 'swap', label: T.swap, permission: Permission.nurseAssignmentSwap, hidden: row.status !== 'in_service', onClick: () => setDialog({ kind: 'swap', row }) },
      {
        key: 'evaluate',
        label: T.evaluate,
        permission: Permission.nurseEvaluationAdd,
        hidden: row.status !== 'completed' || evaluated.has(row.id),
        onClick: () => setEvaluating({ kind: 'add', assignment: { id: row.id, assignmentNo: row.assignmentNo, nurseName: row.nurseName } }),
      },
      { key: 'cancel', label: T.cancel, permission: Permission.nurseAssignmentCancel, hidden: !can('cancel'), danger: true, onClick: () => setDialog({ kind: 'cancel', row }) },
    ];
    return <RowActions actions={actions} />;
  };

  const close = () => setDialog(null);
  const modals = (
    <>
      <DayModal kind="start" row={dialog?.kind === 'start' ? dialog.row : null} onClose={close} onDone={changed} />
      <DayModal kind="finish" row={dialog?.kind === 'finish' ? dialog.row : null} onClose={close} onDone={changed} />
      <SwapModal row={dialog?.kind === 'swap' ? dialog.row : null} onClose={close} onDone={changed} />
      <CancelModal row={dialog?.kind === 'cancel' ? dialog.row : null} onClose={close} onDone={changed} />
      <NurseEvaluationModal target={evaluating} onClose={() => setEvaluating(null)} onDone={changed} />
    </>
  );
  return { render, modals };
}

interface DialogProps {
  row: NurseAssignment | null;
  onClose: () => void;
  onDone: () => void;
}

/** 上户 / 下户: the day it happened (today by default). */
function DayModal({ kind, row, onClose, onDone }: DialogProps & { kind: 'start' | 'finish' }) {
  const { request } = useServices();
  const [form] = Form.useForm<{ day: string }>();
  const contract = kind === 'start' ? nurseAssignmentContract.start : nurseAssignmentContract.finish;
  useEffect(() => {
    if (row) form.setFieldsValue({ day: today() });
  }, [row, form]);
  const save = useActionMutation({
    contract: contract,
    mutationFn: (day: string) =>
      kind === 'start'
        ? request.call(nurseAssignmentContract.start, { id: row!.id, version: row!.version, actualStart: day })
        : request.call(nurseAssignmentContract.finish, { id: row!.id, version: row!.version, actualEnd: day }),
    onDone,
    onClose,
  });
  return (
    <Modal
      open={row !== null}
      title={row ? (kind === 'start' ? T.startTitle(row.assignmentNo) : T.finishTitle(row.assignmentNo)) : ''}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((v) => save.mutate(v.day), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      className={`nurse-assignment-${kind}-modal`}
    >
      {row && (
        <Typography.Paragraph>
          {row.nurseName}（{row.nurseNo}）· {row.customerName} · {row.startDate} 至 {row.endDate}
        </Typography.Paragraph>
      )}
      {kind === 'finish' && <Typography.Paragraph type="secondary">{T.finishConfirm}</Typography.Paragraph>}
      <Form form={form} name={`nurseAssignment${kind}Form`} layout="vertical">
        <Form.Item name="day" label={kind === 'start' ? T.startDateLabel : T.finishDateLabel} rules={[{ required: true, message: T.dateRequired }]} {...textDateProps(DATE_FORMAT)}>
          <DatePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface SwapValues {
  nurseId: string;
  swapDate: string;
  dailyRate?: string;
  reason: string;
}

/** 换人: another nurse from the swap day to the planned end; the old job ends that day. */
function SwapModal({ row, onClose, onDone }: DialogProps) {
  const { request } = useServices();
  const [form] = Form.useForm<SwapValues>();
  useEffect(() => {
    if (row) form.setFieldsValue({ swapDate: today(), reason: '' });
  }, [row, form]);
  const save = useActionMutation({
    contract: nurseAssignmentContract.swap,
    mutationFn: (v: SwapValues) =>
      request.call(nurseAssignmentContract.swap, { id: row!.id, version: row!.version, nurseId: v.nurseId, swapDate: v.swapDate, ...(v.dailyRate ? { dailyRate: String(v.dailyRate) } : {}), reason: v.reason ?? '' }),
    onDone,
    onClose,
  });
  return (
    <Modal open={row !== null} title={row ? T.swapTitle(row.assignmentNo) : T.swap} onCancel={onClose} onOk={() => void form.validateFields().then((v) => save.mutate(v), () => undefined)} confirmLoading={save.isPending} destroyOnHidden className="nurse-assignment-swap-modal">
      <Typography.Paragraph type="secondary">{T.swapHint}</Typography.Paragraph>
      <Form form={form} name="nurseAssignmentSwapForm" layout="vertical">
        <Form.Item name="nurseId" label={T.swapNurse} rules={[{ required: true, message: NurseAssignmentText.swapNurseRequired }]}>
          <NursePicker className="nurse-assignment-swap-nurse" />
        </Form.Item>
        <Form.Item name="swapDate" label={T.swapDate} rules={[{ required: true, message: T.dateRequired }]} {...textDateProps(DATE_FORMAT)}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="dailyRate" label={T.swapRate} extra={T.swapRateHint}>
          <InputNumber<string> min="0" precision={2} stringMode prefix="¥" placeholder={row?.dailyRate} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={T.swapReason} rules={[{ max: 500, message: NurseAssignmentText.swapReasonTooLong }]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 取消: the reason is required; a cancelled job frees the nurse's days. */
function CancelModal({ row, onClose, onDone }: DialogProps) {
  const { request } = useServices();
  const save = useActionMutation({
    contract: nurseAssignmentContract.cancel,
    mutationFn: (reason: string) => request.call(nurseAssignmentContract.cancel, { id: row!.id, version: row!.version, reason }),
    onDone,
    onClose,
  });
  return (
    <ReasonDialog
      open={row !== null}
      title={row ? T.cancelTitle(row.assignmentNo) : T.cancel}
      hint={T.cancelConfirm}
      label={T.cancelReason}
      requiredMessage={T.cancelReasonRequired}
      okText={T.cancelOk}
      cancelText={T.keep}
      className="nurse-assignment-cancel-modal"
      formName="nurseAssignmentCancelForm"
      pending={save.isPending}
      onCancel={onClose}
      onSubmit={(reason) => save.mutate(reason)}
    />
  );
}
