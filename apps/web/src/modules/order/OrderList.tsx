import { useState } from 'react';
import { InputNumber } from 'antd';
import {
  changeOrderContract,
  orderContract,
  orderEditable,
  orderMachine,
  orderResource,
  OrderText,
  type Contract,
  type Order,
} from '@care/shared';
import { ChannelSelect, StoreSelect } from '../../components/crm';
import { rangeFilter } from '../../components/crm/crm-columns';
import { ResourceForm } from '../../components/crud/ResourceForm';
import { ResourceTable, type ResourceDialogProps } from '../../components/crud/ResourceTable';
import { UserSelect } from '../../components/org/UserSelect';
import { useMayAuditOwn } from '../../lib/four-eyes';
import { ProductSelect, RoomTypeSelect } from '../product/product-pickers';
import { OrderPageText as text } from './order-text';
import { OrderCustomerPicker, OrderProductSelect } from './OrderPickers';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { OrderQuoteHint } from './OrderQuoteHint';
import { OrderRemarkModal, type RemarkAsk } from './OrderRemarkModal';

const as = (row: unknown) => row as Order;
const yuan = (v: string) => `¥${v}`;
type Run = (contract: Contract, input: Record<string, unknown>) => void;

/** 订单 (/trade/order): drafts priced from 财务定价, 提交 (or 折扣审批 below the floor), details with the money and moves. */
export function OrderList({ storeId }: { storeId?: string } = {}) {
  const [detailOf, setDetailOf] = useState<Order | null>(null);
  const [ask, setAsk] = useState<RemarkAsk | null>(null);
  // 四眼原则: whoever created an order does not approve it (驳回 stays open: withdrawing is no approval).
  const mayApprove = useMayAuditOwn();

  const actions = (order: Order, run: Run) => {
    const pending = order.status === 'pending_audit';
    const asking = (title: string, label: string, contract: Contract, required?: string, hint?: string, field = 'remark') =>
      setAsk({ title, label, required, hint, onOk: (remark) => run(contract, { id: order.id, version: order.version, [field]: remark }) });
    return [
      { key: 'detail', label: text.detail, permission: orderContract.detail.access, onClick: () => setDetailOf(order) },
      {
        key: 'submit',
        label: text.submit,
        permission: orderContract.submit.access,
        hidden: order.status !== 'draft',
        confirm: text.confirmSubmit(order.orderNo),
        onClick: () => run(orderContract.submit, { id: order.id, version: order.version }),
      },
      { key: 'approve', label: text.approve, permission: orderContract.approve.access, hidden: !pending || !mayApprove(order.createdBy), onClick: () => asking(text.approveTitle(order.orderNo), text.approvalRemark, orderContract.approve) },
      {
        key: 'reject',
        label: text.reject,
        danger: true,
        permission: orderContract.reject.access,
        hidden: !pending,
        onClick: () => asking(text.rejectTitle(order.orderNo), text.rejectReason, orderContract.reject, OrderText.remarkRequired),
      },
      {
        key: 'cancel',
        label: text.cancel,
        danger: true,
        permission: changeOrderContract.cancelOrder.access,
        hidden: !orderMachine.can(order.status, 'cancel'),
        onClick: () => asking(text.cancelTitle(order.orderNo), text.cancelReason, changeOrderContract.cancelOrder, '请输入取消原因!', text.cancelHint, 'reason'),
      },
    ];
  };

  return (
    <>
      <ResourceTable
        resource={orderResource}
        contracts={orderContract}
        nameField="orderNo"
        fixedFilters={storeId ? { storeId } : undefined}
        tooltip={text.tooltip}
        allows={(row, action) => action !== 'edit' || orderEditable(as(row).status)}
        columns={{
          orderNo: { render: (_, row) => <a onClick={() => setDetailOf(as(row))}>{as(row).orderNo}</a> },
          customerId: { render: (_, row) => as(row).customerName ?? '-', renderFormItem: () => <OrderCustomerPicker /> },
          storeId: { hideInSearch: Boolean(storeId), render: (_, row) => as(row).storeName ?? '-', renderFormItem: () => <StoreSelect /> },
          productId: { render: (_, row) => as(row).productName ?? '-', renderFormItem: () => <ProductSelect /> },
          roomTypeId: { render: (_, row) => as(row).roomTypeName ?? text.noRoomType, search: false },
          consultantId: { render: (_, row) => as(row).consultantName ?? '-', renderFormItem: () => <UserSelect /> },
          channelId: { render: (_, row) => as(row).channelName ?? '-', search: false, hideInTable: true },
          referencePrice: { render: (_, row) => yuan(as(row).referencePrice) },
          floorPrice: { render: (_, row) => yuan(as(row).floorPrice), hideInTable: true },
          dealPrice: { render: (_, row) => yuan(as(row).dealPrice) },
          discount: { render: (_, row) => yuan(as(row).discount), hideInTable: true },
          depositApplied: { hideInTable: true },
          plannedCheckOut: { hideInTable: true },
          remark: { hideInTable: true, search: false },
          createdOn: { search: false },
        }}
        extraColumns={[rangeFilter(text.createdPeriod, 'createdPeriod', 'createdFrom', 'createdTo'), rangeFilter(text.checkInPeriod, 'checkInPeriod', 'checkInFrom', 'checkInTo')]}
        rowActions={(row, _reload, run) => actions(as(row), run)}
        renderForm={(dialog) => <OrderForm {...dialog} />}
      />
      <OrderRemarkModal ask={ask} onClose={() => setAsk(null)} />
      <OrderDetailDrawer order={detailOf} onClose={() => setDetailOf(null)} />
    </>
  );
}

/** 新增/编辑订单: the kit's dialog with the pickers (an edited draft keeps its names) and the price hint under 成交价. */
function OrderForm(dialog: ResourceDialogProps) {
  const row = dialog.row ? as(dialog.row) : null;
  const consultant = row?.consultantId ? [{ id: row.consultantId, username: '', firstName: row.consultantName ?? '', phone: null, departmentName: null }] : [];
  return (
    <ResourceForm
      {...dialog}
      resource={orderResource}
      add={orderContract.add}
      edit={orderContract.edit}
      width={720}
      inputs={{
        customerId: <OrderCustomerPicker currentLabel={row?.customerName} />,
        storeId: <StoreSelect currentLabel={row?.storeName} />,
        productId: <OrderProductSelect currentLabel={row?.productName} />,
        roomTypeId: <RoomTypeSelect storeField="storeId" />,
        days: <InputNumber min={1} max={365} precision={0} style={{ width: 160 }} />,
        consultantId: <UserSelect known={consultant} />,
        channelId: <ChannelSelect currentLabel={row?.channelName} />,
      }}
      extra={{ dealPrice: <OrderQuoteHint />, consultantId: text.consultantHint }}
    />
  );
}
