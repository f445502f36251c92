import { defineModule } from '../module.js';

// 订单: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'order',
  tables: ['sales_order'],
});
