import { buttonsOf, MonthlyNursePermission } from '@care/shared';
import { defineModule } from '../module.js';

// 月嫂 profiles, certificates and leave: see docs/nurses.md for what this module owns and offers the others.
export default defineModule({
  name: 'monthly-nurse',
  tables: ['monthly_nurse', 'nurse_certificate', 'nurse_leave'],
  menus: [{ path: '/serve/monthlyNurse', buttons: buttonsOf(MonthlyNursePermission) }],
});
