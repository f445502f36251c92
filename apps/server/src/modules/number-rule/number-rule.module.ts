import { buttonsOf, NumberRulePermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerNumberRuleRoutes } from './number-rule.routes.js';

export default defineModule({
  name: 'number-rule',
  tables: ['number_rule', 'number_rule_counter', 'number_rule_issued'],
  menus: [{ path: '/system/numberRule', buttons: buttonsOf(NumberRulePermission) }],
  routes: registerNumberRuleRoutes,
  duplicateChecks: [{ tableName: 'number_rule', fieldName: 'code', def: { table: 'number_rule', column: 'code' } }],
});
