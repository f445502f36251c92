import { buttonsOf, ChangeOrderPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { changeOrderRules } from './change-order.rules.js';

// 变更单: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'change-order',
  tables: ['change_order', 'change_order_approval'],
  menus: [{ path: '/trade/changeOrder', buttons: buttonsOf(ChangeOrderPermission) }],
  dataRules: [changeOrderRules],
});
