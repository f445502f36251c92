import { buttonsOf, CheckRulePermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerCheckRuleRoutes } from './check-rule.routes.js';

export default defineModule({
  name: 'check-rule',
  tables: ['check_rule'],
  menus: [{ path: '/system/checkRule', buttons: buttonsOf(CheckRulePermission) }],
  routes: registerCheckRuleRoutes,
  duplicateChecks: [{ tableName: 'check_rule', fieldName: 'code', def: { table: 'check_rule', column: 'code' } }],
});
