import { useRef, useState } from 'react';
import { App, Button, Descriptions, Input, Modal, Table, Tag } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { DictEnums, PAYMENT_KIND_LABELS, paymentContract, paymentMachine, Permission, type PaymentAdd, type PaymentRecord } from '@care/shared';
import { ListTable } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { StoreSelect } from '../../components/crm/CrmSelects';
import { DictSelect, DictTag } from '../../components/dict';
import { useAuthorized } from '../../lib/authorized';
import { useMayAuditOwn } from '../../lib/four-eyes';
import { useServices } from '../../lib/useServices';
import { PaymentForm } from './PaymentForm';
import { ReceivableUiText as text } from './receivable-text';

const statusEnum = Object.fromEntries(DictEnums.payment_status.items.map((i) => [i.value, { text: i.label }]));
const statusColor = Object.fromEntries(DictEnums.payment_status.items.map((i) => [i.value, i.color]));
const kindColor = { receipt: 'blue', reversal: 'volcano', refund: 'magenta' } as const;

/** 收款 (/finance/payment): record against receivables, 审核 / 驳回 by finance, 冲销 of audited money. */
export function PaymentList() {
  const { request } = useServices();
  const mayAudit = useMayAuditOwn();
  const authorized = useAuthorized();
  const notice = useSuccessNotice();
  const { modal } = App.useApp();
  const table = useRef<ActionType>(undefined);
  const [recording, setRecording] = useState(false);
  const [rejecting, setRejecting] = useState<PaymentRecord | null>(null);
  const [reason, setReason] = useState('');
  const reload = () => void table.current?.reload();

  const run = async (call: () => Promise<unknown>, contract: Parameters<typeof notice>[0]) => {
    try {
      await call();
      notice(contract);
      reload();
      return true;
    } catch {
      return false; // Shown by the request client.
    }
  };
  const save = (body: PaymentAdd) =>
    run(() => request.call(paymentContract.add, body), paymentContract.add).then((ok) => {
      if (ok) setRecording(false);
      return ok;
    });
  const reverse = (row: PaymentRecord) => {
    let why = '';
    modal.confirm({
      title: text.confirmReverse,
      content: <Input placeholder={text.reverseReason} maxLength={500} onChange={(e) => (why = e.target.value)} />,
      okButtonProps: { danger: true },
      onOk: () => run(() => request.call(paymentContract.reverse, { id: row.id, reason: why }), paymentContract.reverse),
    });
  };

  const columns: ProColumns<PaymentRecord>[] = [
    { title: text.paymentNo, dataIndex: 'paymentNo', search: false },
    { title: text.paymentKeyword, dataIndex: 'search', hideInTable: true },
    { title: text.kind, dataIndex: 'kind', valueType: 'select', valueEnum: Object.fromEntries(Object.entries(PAYMENT_KIND_LABELS).map(([k, v]) => [k, { text: v }])), render: (_, r) => <Tag color={kindColor[r.kind]}>{PAYMENT_KIND_LABELS[r.kind]}</Tag> },
    { title: text.store, dataIndex: 'storeId', render: (_, r) => r.storeName ?? '-', renderFormItem: () => <StoreSelect /> },
    { title: text.orderNo, dataIndex: 'orderNo', search: false, render: (_, r) => r.orderNo ?? '-' },
    { title: text.customer, dataIndex: 'customerName', search: false },
    { title: text.method, dataIndex: 'method', render: (_, r) => <DictTag code="payment_method" value={r.method} />, renderFormItem: () => <DictSelect code="payment_method" /> },
    { title: text.paymentAmount, dataIndex: 'amount', search: false, sorter: true, align: 'right' },
    { title: text.unapplied, dataIndex: 'unapplied', search: false, align: 'right' },
    { title: text.paidAt, dataIndex: 'paidAt', search: false, sorter: true },
    { title: text.paidPeriod, dataIndex: 'paidPeriod', valueType: 'dateRange', hideInTable: true },
    { title: text.payer, dataIndex: 'payer', search: false },
    { title: text.status, dataIndex: 'status', valueType: 'select', valueEnum: statusEnum, render: (_, r) => <Tag color={statusColor[r.status]}>{statusEnum[r.status]?.text}</Tag> },
    { title: text.auditedBy, dataIndex: 'auditedBy', search: false, render: (_, r) => r.auditedBy ?? '-' },
    {
      title: text.actions,
      valueType: 'option',
      render: (_, r) => (
        <RowActions
          actions={[
            {
              key: 'audit',
              label: text.audit,
              permission: Permission.paymentAudit,
              // 四眼原则: one's own entry is audited by someone else (the server refuses it too).
              hidden: !paymentMachine.can(r.status, 'audit') || !mayAudit(r.createdBy),
              confirm: text.confirmAudit,
              onClick: () => void run(() => request.call(paymentContract.audit, { id: r.id, version: r.version }), paymentContract.audit),
            },
            { key: 'reject', label: text.reject, permission: Permission.paymentReject, danger: true, hidden: !paymentMachine.can(r.status, 'reject'), onClick: () => (setReason(''), setRejecting(r)) },
            { key: 'reverse', label: text.reverse, permission: Permission.paymentReverse, danger: true, hidden: r.status !== 'audited' || r.kind !== 'receipt' || Boolean(r.reversedBy), onClick: () => reverse(r) },
          ]}
        />
      ),
    },
  ];

  const mapFilters = (q: Record<string, unknown>) => {
    const { search, paidPeriod, ...rest } = q as Record<string, unknown> & { search?: string; paidPeriod?: [string, string] };
    return ({ ...rest, keyword: search, paidFrom: paidPeriod?.[0], paidTo: paidPeriod?.[1] });
  };

  return (
    <>
      <ListTable<PaymentRecord>
        className="payment-table"
        actionRef={table}
        columns={columns}
        contract={paymentContract.list}
        access={Permission.paymentList}
        mapFilters={mapFilters}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        dateFormatter="string"
        headerTitle={text.payments}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (r) => <PaymentDetail payment={r} /> }}
        exportXls={{ path: paymentContract.exportXls.path, name: text.payments, action: Permission.paymentExport, label: text.exportXls, icon: null }}
        buttonsEnd={[
          authorized(Permission.paymentAdd) && (
            <Button key="add" type="primary" onClick={() => setRecording(true)}>
              {text.record}
            </Button>
          ),
        ]}
      />
      <PaymentForm open={recording} onClose={() => setRecording(false)} onSave={save} />
      <Modal
        open={rejecting !== null}
        title={text.reject}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        onCancel={() => setRejecting(null)}
        onOk={() => void run(() => request.call(paymentContract.reject, { id: rejecting!.id, version: rejecting!.version, reason }), paymentContract.reject).then((ok) => ok && setRejecting(null))}
      >
        <Input.TextArea rows={3} maxLength={500} placeholder={text.rejectReason} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </>
  );
}

function PaymentDetail({ payment }: { payment: PaymentRecord }) {
  return (
    <>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={text.bankRef}>{payment.bankRef || '-'}</Descriptions.Item>
        <Descriptions.Item label={text.invoiceNo}>{payment.invoiceNo || '-'}</Descriptions.Item>
        <Descriptions.Item label={text.remark}>{payment.remark || '-'}</Descriptions.Item>
        {payment.reversalOfNo && <Descriptions.Item label={text.reverse}>{payment.reversalOfNo}</Descriptions.Item>}
        {payment.rejectReason && <Descriptions.Item label={text.rejectReason}>{payment.rejectReason}</Descriptions.Item>}
        {payment.attachments.length > 0 && <Descriptions.Item label={text.attachments}>{payment.attachments.length}</Descriptions.Item>}
      </Descriptions>
      <Table
        size="small"
        rowKey="receivableId"
        pagination={false}
        dataSource={payment.allocations}
        columns={[
          { title: text.item, dataIndex: 'item', render: (v: string) => <DictTag code="receivable_item" value={v} /> },
          { title: text.dueDate, dataIndex: 'dueDate' },
          { title: text.thisTime, dataIndex: 'amount', align: 'right' },
        ]}
      />
    </>
  );
}

export default PaymentList;
