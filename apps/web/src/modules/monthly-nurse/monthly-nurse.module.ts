import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'monthly-nurse',
  pages: {
    'monthlyNurse/MonthlyNurseList': () => import('./MonthlyNurseList'),
  },
});
