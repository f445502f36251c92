import { defineModule } from '../module.js';

// 变更单: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'change-order',
  tables: ['change_order', 'change_order_approval'],
});
