import { buttonsOf, MonthlyNursePermission } from '@care/shared';
import { defineModule } from '../module.js';
import { seedNurseExpiryTemplate, startNurseExpiryReminderJob } from './nurse-expiry-reminder.job.js';
import { registerMonthlyNurseRoutes } from './monthly-nurse.routes.js';
import { monthlyNurseRules } from './monthly-nurse.rules.js';

// 月嫂 profiles, certificates and leave: see docs/nurses.md for what this module owns and offers the others.
export default defineModule({
  name: 'monthly-nurse',
  tables: ['monthly_nurse', 'nurse_certificate', 'nurse_leave'],
  menus: [{ path: '/serve/monthlyNurse', buttons: buttonsOf(MonthlyNursePermission) }],
  routes: registerMonthlyNurseRoutes,
  dataRules: [monthlyNurseRules],
  jobs: [{ name: 'nurse expiry reminders', start: ({ database, push, log }) => startNurseExpiryReminderJob(database.db, push, log) }],
  seeds: [{ name: 'nurse expiry message template', run: ({ db }) => seedNurseExpiryTemplate(db) }],
});
