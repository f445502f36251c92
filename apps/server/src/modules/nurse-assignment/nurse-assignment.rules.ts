import { storeDataScope } from '../room-type/room-type.rules.js';

// 月嫂派工 on its menu: a 店长 with `storeId in 本人门店` sees and moves her stores' assignments only;
// `r` is the alias of every nurse_assignment query.
const nurseAssignmentData = storeDataScope('nurse_assignment', '月嫂派工', '/serve/nurseAssignment', {
  nurseId: ['月嫂', 'nurse_id', 'uuid'],
  status: ['派工状态', 'status', 'text'],
  serviceForm: ['服务形式', 'service_form', 'text'],
});

export const nurseAssignmentRules = nurseAssignmentData.rules;
export const nurseAssignmentScope = nurseAssignmentData.scope;
export const NURSE_ASSIGNMENT_MENU = nurseAssignmentData.menu;
