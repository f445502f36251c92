import { buttonsOf, DataRulePermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerDataRuleRoutes } from './data-rule.routes.js';

export default defineModule({
  name: 'data-rule',
  tables: ['data_rule', 'access_rules_version'],
  menus: [{ path: '/system/dataRule', buttons: buttonsOf(DataRulePermission) }],
  routes: registerDataRuleRoutes,
});
