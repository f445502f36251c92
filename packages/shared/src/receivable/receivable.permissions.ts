import { definePermissions } from '../permission/define-permissions.js';

/**
 * Actions of 应收 (menu /finance/receivable: list, plan lines, 账龄, 欠款授权) and 收款 (menu
 * /finance/payment: record, 审核, 驳回, 冲销), and their button titles.
 */
export const ReceivablePermission = definePermissions({
  receivableList: ['finance:receivable:list', '查询应收'],
  receivableAdd: ['finance:receivable:add', '新增应收'],
  receivableEdit: ['finance:receivable:edit', '编辑应收'],
  receivableDelete: ['finance:receivable:delete', '删除应收'],
  receivableExport: ['finance:receivable:export', '导出应收'],
  receivableAging: ['finance:receivable:aging', '查询账龄'],
  debtAuthorize: ['finance:receivable:debtAuthorize', '欠款授权'],
  debtRevoke: ['finance:receivable:debtRevoke', '撤销欠款授权'],
  paymentList: ['finance:payment:list', '查询收款'],
  paymentAdd: ['finance:payment:add', '登记收款'],
  paymentAudit: ['finance:payment:audit', '审核收款'],
  paymentReject: ['finance:payment:reject', '驳回收款'],
  paymentReverse: ['finance:payment:reverse', '冲销收款'],
  paymentExport: ['finance:payment:export', '导出收款'],
});
