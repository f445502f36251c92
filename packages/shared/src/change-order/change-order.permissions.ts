import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 变更单, and 取消订单 (the order's cancellation is applied by this module). */
export const ChangeOrderPermission = definePermissions({
  changeOrderList: ['trade:changeOrder:list', '查询变更单'],
  changeOrderAdd: ['trade:changeOrder:add', '新增变更单'],
  changeOrderSubmit: ['trade:changeOrder:submit', '提交变更单'],
  changeOrderDelete: ['trade:changeOrder:delete', '删除变更单'],
  /** Step 1 of every chain: 店长/主管. */
  changeOrderApprove: ['trade:changeOrder:approve', '审批变更单'],
  /** Step 2: 退款, and any change of more than 5000 either way. */
  changeOrderFinanceApprove: ['trade:changeOrder:financeApprove', '财务审批'],
  changeOrderExport: ['trade:changeOrder:export', '导出变更单'],
  orderCancel: ['trade:order:cancel', '取消订单'],
});
