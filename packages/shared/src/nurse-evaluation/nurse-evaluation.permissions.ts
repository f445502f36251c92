import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 月嫂评价 (/serve/nurseEvaluation). */
export const NurseEvaluationPermission = definePermissions({
  nurseEvaluationList: ['serve:nurseEvaluation:list', '查询评价'],
  nurseEvaluationAdd: ['serve:nurseEvaluation:add', '评价月嫂'],
  nurseEvaluationEdit: ['serve:nurseEvaluation:edit', '修改评价'],
  nurseEvaluationExport: ['serve:nurseEvaluation:export', '导出评价'],
});
