import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 薪酬标准 (/serve/nursePayStandard). */
export const NursePayStandardPermission = definePermissions({
  nursePayStandardList: ['serve:nursePayStandard:list', '查询薪酬标准'],
  nursePayStandardAdd: ['serve:nursePayStandard:add', '新增薪酬标准'],
  nursePayStandardEdit: ['serve:nursePayStandard:edit', '编辑薪酬标准'],
  nursePayStandardDelete: ['serve:nursePayStandard:delete', '删除薪酬标准'],
  nursePayStandardExport: ['serve:nursePayStandard:export', '导出薪酬标准'],
});

/** Actions of 月嫂结算 (/finance/nurseSettlement). */
export const NurseSettlementPermission = definePermissions({
  nurseSettlementList: ['finance:nurseSettlement:list', '查询月嫂结算'],
  nurseSettlementAdd: ['finance:nurseSettlement:add', '生成结算'],
  nurseSettlementEdit: ['finance:nurseSettlement:edit', '调整结算'],
  nurseSettlementAudit: ['finance:nurseSettlement:audit', '审核结算'],
  nurseSettlementReject: ['finance:nurseSettlement:reject', '驳回结算'],
  nurseSettlementExport: ['finance:nurseSettlement:export', '导出月嫂结算'],
});
