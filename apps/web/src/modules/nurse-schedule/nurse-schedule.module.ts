import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'nurse-schedule',
  pages: {
    'nurseSchedule/NurseSchedule': () => import('./NurseSchedule'),
  },
});
