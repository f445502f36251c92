import { defineModule } from '../module.js';

// 应收、收款与欠款授权: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'receivable',
  tables: ['receivable', 'payment', 'payment_allocation', 'debt_authorization'],
});
