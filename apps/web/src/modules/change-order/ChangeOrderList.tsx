import { useState } from 'react';
import { Input } from 'antd';
import { changeOrderContract, changeOrderDeletable, changeOrderMachine, changeOrderResource, type ChangeOrder, type Contract } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { StoreSelect } from '../../components/crm';
import { useMayAuditOwn } from '../../lib/four-eyes';
import { ChangeOrderAddDialog } from './ChangeOrderAddDialog';
import { ChangeOrderDecisionModal, type DecisionAsk } from './ChangeOrderDecisionModal';
import { ChangeOrderDetailDrawer } from './ChangeOrderDetailDrawer';
import { ChangeOrderPageText as text } from './change-order-text';
import { changeDetail } from './change-order-view';

const as = (row: unknown) => row as ChangeOrder;
type Run = (contract: Contract, input: Record<string, unknown>) => void;
const hidden = { hideInTable: true, search: false } as const;

/** 变更单 (/trade/changeOrder): 续住 / 换房 / 升级 / 退款 / 调账 priced by the server, 提交, the approval chain, the trail. */
export function ChangeOrderList() {
  const mayAudit = useMayAuditOwn();
  const [detailOf, setDetailOf] = useState<ChangeOrder | null>(null);
  const [ask, setAsk] = useState<DecisionAsk | null>(null);

  const actions = (co: ChangeOrder, run: Run) => {
    const pending = changeOrderMachine.can(co.status, 'approve');
    // 四眼原则: the creator's own change order is approved by someone else (the server refuses it);
    // rejecting (withdrawing) it stays hers, so her button is 驳回.
    const own = !mayAudit(co.createdBy);
    const stepLabel = (label: string) => (own ? text.reject : label);
    const deciding = (label: string, contract: Contract) => () =>
      setAsk({ title: text.decisionTitle(stepLabel(label), co.changeNo), rejectOnly: own, onOk: (decision, comment) => run(contract, { id: co.id, version: co.version, decision, comment }) });
    return [
      { key: 'detail', label: text.detail, onClick: () => setDetailOf(co) },
      {
        key: 'submit',
        label: text.submit,
        permission: changeOrderContract.submit.access,
        hidden: !changeOrderMachine.can(co.status, 'submit'),
        confirm: text.confirmSubmit(co.changeNo),
        onClick: () => run(changeOrderContract.submit, { id: co.id, version: co.version }),
      },
      { key: 'approve', label: stepLabel(text.approve), permission: changeOrderContract.approve.access, hidden: !pending || co.approvalStep !== 1, onClick: deciding(text.approve, changeOrderContract.approve) },
      {
        key: 'financeApprove',
        label: stepLabel(text.financeApprove),
        permission: changeOrderContract.financeApprove.access,
        hidden: !pending || co.approvalStep !== 2,
        onClick: deciding(text.financeApprove, changeOrderContract.financeApprove),
      },
    ];
  };

  return (
    <>
      <ResourceTable
        resource={changeOrderResource}
        contracts={changeOrderContract}
        nameField="changeNo"
        tooltip={text.tooltip}
        addLabel={text.add}
        className="change-order-table"
        columns={{
          orderId: { title: '订单编号', search: false, render: (_, row) => as(row).orderNo ?? '-' },
          customerId: { title: '客户', search: false, render: (_, row) => as(row).customerName ?? '-' },
          storeId: { render: (_, row) => as(row).storeName ?? '-', renderFormItem: () => <StoreSelect /> },
          reservationId: hidden,
          fromRoomId: hidden,
          toRoomId: hidden,
          fromProductId: hidden,
          toProductId: hidden,
          amountDelta: { render: (_, row) => `¥${as(row).amountDelta}` },
          reason: { search: false, ellipsis: true },
          decidedAt: { hideInTable: true },
          appliedAt: { hideInTable: true },
        }}
        extraColumns={[
          { title: text.detailCol, dataIndex: 'detail', search: false, render: (_, row) => changeDetail(as(row)) || '-' },
          { title: text.keyword, dataIndex: 'keyword', hideInTable: true, renderFormItem: () => <Input placeholder="订单编号、变更单号或客户姓名" /> },
          {
            title: text.period,
            dataIndex: 'createdRange',
            valueType: 'dateRange',
            hideInTable: true,
            search: { transform: (value: [string, string]) => ({ createdFrom: value[0], createdTo: value[1] }) },
          },
        ]}
        allows={(row, action) => action === 'delete' && changeOrderDeletable(as(row).status)}
        rowActions={(row, _reload, run) => actions(as(row), run)}
        renderForm={({ row, open, onClose, onSaved }) => (row === null ? <ChangeOrderAddDialog open={open} onClose={onClose} onSaved={onSaved} /> : null)}
      />
      <ChangeOrderDecisionModal ask={ask} onClose={() => setAsk(null)} />
      <ChangeOrderDetailDrawer row={detailOf} onClose={() => setDetailOf(null)} />
    </>
  );
}
