import { useState } from 'react';
import { Table, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { ProColumns } from '@ant-design/pro-components';
import { NURSE_SETTLEMENT_STATUS_LABELS, nurseSettlementContract as c, nurseSettlementMachine, Permission, sumMoney, type NurseSettlement } from '@care/shared';
import { StoreSelect } from '../../components/crm';
import { AddButton, rangeFilter } from '../../components/crm/crm-columns';
import { ReasonTip } from '../../components/crm/ReasonTip';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useServices } from '../../lib/useServices';
import { NursePayPageText as T } from './nurse-pay-text';
import { AdjustModal, GenerateModal, RejectModal, SettlementDetail, SettlementStatusTag } from './SettlementDialogs';

const money = (v: string) => `¥${v}`;

/** 月嫂结算 (/finance/nurseSettlement): settlements of finished assignments in the caller's stores, 待审核 → 已审核 / 已驳回. */
export function NurseSettlementList() {
  const { request } = useServices();
  const notice = useSuccessNotice();
  const { table, reload } = useListReload();
  const [generating, setGenerating] = useState(false);
  const [adjusting, setAdjusting] = useState<NurseSettlement | null>(null);
  const [rejecting, setRejecting] = useState<NurseSettlement | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const audit = useMutation({
    mutationFn: (row: NurseSettlement) => request.call(c.audit, { id: row.id, version: row.version }),
    onSuccess: () => {
      notice(c.audit);
      reload();
    },
  });

  const columns: ProColumns<NurseSettlement>[] = [
    { title: T.settlementNo, dataIndex: 'settlementNo', sorter: true, fixed: 'left', copyable: true },
    { title: T.assignmentNo, dataIndex: 'assignmentNo', search: false, render: (_, row) => row.assignmentNo ?? '-' },
    { title: T.nurse, dataIndex: 'nurseName', render: (_, row) => `${row.nurseName ?? '-'}（${row.nurseNo ?? '-'}）`, fieldProps: { placeholder: T.nurseFilter } },
    { title: T.customer, dataIndex: 'customerName', search: false, render: (_, row) => row.customerName ?? '-' },
    { title: T.store, dataIndex: 'storeId', renderFormItem: () => <StoreSelect />, render: (_, row) => row.storeName ?? '-' },
    { title: T.period, dataIndex: 'endDate', sorter: true, search: false, render: (_, row) => T.actualPeriod(row.startDate, row.endDate) },
    rangeFilter<NurseSettlement>(T.period, 'periodRange', 'from', 'to'),
    { title: T.days, dataIndex: 'days', search: false, align: 'right' },
    { title: T.dailyRate, dataIndex: 'dailyRate', search: false, align: 'right', render: (_, row) => money(row.dailyRate) },
    { title: T.baseAmount, dataIndex: 'baseAmount', search: false, align: 'right', render: (_, row) => money(row.baseAmount) },
    { title: T.bonus, dataIndex: 'bonus', search: false, align: 'right', render: (_, row) => money(row.bonus) },
    { title: T.deduction, dataIndex: 'deduction', search: false, align: 'right', render: (_, row) => money(row.deduction) },
    { title: T.total, dataIndex: 'total', sorter: true, search: false, align: 'right', render: (_, row) => <Typography.Text strong>{money(row.total)}</Typography.Text> },
    {
      title: T.status,
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(NURSE_SETTLEMENT_STATUS_LABELS).map(([k, text]) => [k, { text }])),
      render: (_, row) => (
        <ReasonTip label={T.rejectReason} reason={row.status === 'rejected' ? row.rejectReason : null}>
          <SettlementStatusTag status={row.status} />
        </ReasonTip>
      ),
    },
    { title: T.createdAt, dataIndex: 'createdAt', sorter: true, defaultSortOrder: 'descend', search: false },
    {
      title: T.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { key: 'detail', label: T.detail, permission: Permission.nurseSettlementList, onClick: () => setViewing(row.id) },
            { key: 'adjust', label: T.adjust, permission: Permission.nurseSettlementEdit, hidden: !nurseSettlementMachine.can(row.status, 'adjust'), onClick: () => setAdjusting(row) },
            {
              key: 'audit',
              label: T.audit,
              permission: Permission.nurseSettlementAudit,
              hidden: !nurseSettlementMachine.can(row.status, 'audit'),
              confirm: T.auditConfirm(row.settlementNo, row.total),
              onClick: () => void audit.mutateAsync(row).catch(() => undefined),
            },
            { key: 'reject', label: T.reject, permission: Permission.nurseSettlementReject, danger: true, hidden: !nurseSettlementMachine.can(row.status, 'reject'), onClick: () => setRejecting(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="nurse-settlement-page">
      <ListTable<NurseSettlement>
        className="nurse-settlement-table"
        actionRef={table}
        contract={c.list}
        access={Permission.nurseSettlementList}
        noAccess={T.noAccess}
        counted
        columns={columns}
        headerTitle={<Typography.Text strong>{T.menuTitle}</Typography.Text>}
        summary={(rows) =>
          rows.length === 0 ? null : (
            <Table.Summary.Row className="nurse-settlement-page-totals">
              <Table.Summary.Cell index={0} colSpan={8}>
                <Typography.Text strong>{T.pageTotals}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">{money(sumMoney(rows, (r) => r.baseAmount))}</Table.Summary.Cell>
              <Table.Summary.Cell index={9} align="right">{money(sumMoney(rows, (r) => r.bonus))}</Table.Summary.Cell>
              <Table.Summary.Cell index={10} align="right">{money(sumMoney(rows, (r) => r.deduction))}</Table.Summary.Cell>
              <Table.Summary.Cell index={11} align="right">
                <Typography.Text strong>{money(sumMoney(rows, (r) => r.total))}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={12} colSpan={3} />
            </Table.Summary.Row>
          )
        }
        buttons={[
          <AddButton key="add" action={Permission.nurseSettlementAdd} onAdd={() => setGenerating(true)}>
            {T.generate}
          </AddButton>,
        ]}
        exportXls={{ path: c.exportXls.path, name: T.menuTitle, action: Permission.nurseSettlementExport, label: T.export }}
      />
      <GenerateModal open={generating} onClose={() => setGenerating(false)} onDone={reload} />
      <AdjustModal row={adjusting} onClose={() => setAdjusting(null)} onDone={reload} />
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} onDone={reload} />
      <SettlementDetail id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
