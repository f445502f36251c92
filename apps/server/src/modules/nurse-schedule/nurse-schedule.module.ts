import { buttonsOf, NurseSchedulePermission, pick } from '@care/shared';
import { defineModule } from '../module.js';

// 月嫂档期 (availability from assignments and leave) and matching: see docs/nurses.md.
export default defineModule({
  name: 'nurse-schedule',
  menus: [
    { parent: '/serve', path: '/serve/nurseSchedule', title: '月嫂档期', component: 'nurseSchedule/NurseSchedule', buttons: buttonsOf(pick(NurseSchedulePermission, 'nurseScheduleList')) },
    { path: '/serve/nurseAssignment', buttons: buttonsOf(pick(NurseSchedulePermission, 'nurseMatch')) },
  ],
});
