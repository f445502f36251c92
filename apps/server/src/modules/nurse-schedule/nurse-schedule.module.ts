import { buttonsOf, NurseSchedulePermission, nurseScheduleContract, pick } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import { registerContract } from '../../platform/http/register.js';
import { defineModule } from '../module.js';
import { matchForPeriod, nurseSchedule, teamSchedule } from './nurse-schedule.service.js';

// 月嫂档期 (availability from assignments and leave) and matching: see docs/nurses.md.
export default defineModule({
  name: 'nurse-schedule',
  menus: [
    { parent: '/serve', path: '/serve/nurseSchedule', title: '月嫂档期', component: 'nurseSchedule/NurseSchedule', buttons: buttonsOf(pick(NurseSchedulePermission, 'nurseScheduleList')) },
    { path: '/serve/nurseAssignment', buttons: buttonsOf(pick(NurseSchedulePermission, 'nurseMatch')) },
  ],
  routes: (app, ctx) => {
    const db = ctx.database.db;
    registerContract(app, nurseScheduleContract.team, ({ body, request }) => teamSchedule(db, requireSession(request), body));
    registerContract(app, nurseScheduleContract.nurse, ({ body, request }) => nurseSchedule(db, requireSession(request), body));
    registerContract(app, nurseScheduleContract.match, ({ body, request }) => matchForPeriod(db, requireSession(request), body, ctx.config.ai));
  },
});
