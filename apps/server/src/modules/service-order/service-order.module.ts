import { defineModule } from '../module.js';

// 服务单: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'service-order',
  tables: ['service_order'],
});
