import { storeDataScope } from '../room-type/room-type.rules.js';

// 月嫂评价 on its menu: a 店长 with `storeId in 本人门店` sees her stores' evaluations only; `r` is the alias.
const nurseEvaluationData = storeDataScope('nurse_evaluation', '月嫂评价', '/serve/nurseEvaluation', {
  nurseId: ['月嫂', 'nurse_id', 'uuid'],
  overall: ['总体评分', 'overall', 'number'],
});

export const nurseEvaluationRules = nurseEvaluationData.rules;
export const nurseEvaluationScope = nurseEvaluationData.scope;
