import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'nurse-evaluation',
  pages: {
    'nurseEvaluation/NurseEvaluationList': () => import('./NurseEvaluationList'),
  },
});
