import { defineModule } from '../module.js';

// 订房预约: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'room-hold',
  tables: [],
});
