import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'nurse-assignment',
  pages: {
    'nurseAssignment/NurseAssignmentList': () => import('./NurseAssignmentList'),
  },
});
