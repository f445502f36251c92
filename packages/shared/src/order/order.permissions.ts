import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 订单 and the titles of their buttons. Cancellation (trade:order:cancel) is the change-order module's. */
export const OrderPermission = definePermissions({
  orderList: ['trade:order:list', '查询订单'],
  orderAdd: ['trade:order:add', '新增订单'],
  orderEdit: ['trade:order:edit', '编辑订单'],
  /** 提交: 草稿 → 已确认, or 待审核 when the deal is below the floor price. */
  orderSubmit: ['trade:order:submit', '提交订单'],
  /** 折扣审批: 审批通过 / 驳回 of an order below the floor price. */
  orderApprove: ['trade:order:approve', '折扣审批'],
  orderExport: ['trade:order:export', '导出订单'],
});
