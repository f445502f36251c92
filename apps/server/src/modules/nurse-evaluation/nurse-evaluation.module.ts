import { buttonsOf, NurseEvaluationPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerNurseEvaluationRoutes } from './nurse-evaluation.routes.js';
import { nurseEvaluationRules } from './nurse-evaluation.rules.js';

// 月嫂评价 (L2): see docs/nurses.md.
export default defineModule({
  name: 'nurse-evaluation',
  tables: ['nurse_evaluation'],
  menus: [{ parent: '/serve', path: '/serve/nurseEvaluation', title: '月嫂评价', component: 'nurseEvaluation/NurseEvaluationList', buttons: buttonsOf(NurseEvaluationPermission) }],
  dataRules: [nurseEvaluationRules],
  routes: registerNurseEvaluationRoutes,
});
