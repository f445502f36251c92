import { defineModule } from '../module.js';

// 排房、入住、退房与结账: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'room-stay',
  tables: ['room_stay'],
});
