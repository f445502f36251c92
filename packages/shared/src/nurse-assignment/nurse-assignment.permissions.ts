import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 月嫂派工 (/serve/nurseAssignment). */
export const NurseAssignmentPermission = definePermissions({
  nurseAssignmentList: ['serve:nurseAssignment:list', '查询派工'],
  nurseAssignmentAdd: ['serve:nurseAssignment:add', '新增派工'],
  nurseAssignmentEdit: ['serve:nurseAssignment:edit', '编辑派工'],
  nurseAssignmentAudit: ['serve:nurseAssignment:audit', '审核派工'],
  nurseAssignmentStart: ['serve:nurseAssignment:start', '上户'],
  nurseAssignmentFinish: ['serve:nurseAssignment:finish', '下户'],
  nurseAssignmentSwap: ['serve:nurseAssignment:swap', '换人'],
  nurseAssignmentCancel: ['serve:nurseAssignment:cancel', '取消派工'],
  nurseAssignmentExport: ['serve:nurseAssignment:export', '导出派工'],
});
