import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 月嫂档期 (/serve/nurseSchedule) and matching (a button of 月嫂派工). */
export const NurseSchedulePermission = definePermissions({
  nurseScheduleList: ['serve:nurseSchedule:list', '查看档期'],
  nurseMatch: ['serve:nurseAssignment:match', '匹配月嫂'],
});
