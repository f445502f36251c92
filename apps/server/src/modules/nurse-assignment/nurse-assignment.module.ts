import { buttonsOf, NurseAssignmentPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { assignmentsAwaitingAudit } from './nurse-assignment.work-items.js';
import { registerNurseAssignmentRoutes } from './nurse-assignment.routes.js';
import { nurseAssignmentRules } from './nurse-assignment.rules.js';

// 月嫂派工 (L1): see docs/nurses.md for what this module owns and offers the others.
export default defineModule({
  name: 'nurse-assignment',
  tables: ['nurse_assignment'],
  menus: [{ path: '/serve/nurseAssignment', buttons: buttonsOf(NurseAssignmentPermission) }],
  dataRules: [nurseAssignmentRules],
  workplace: { items: [assignmentsAwaitingAudit] },
  routes: registerNurseAssignmentRoutes,
});
