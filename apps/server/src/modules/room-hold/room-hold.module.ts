import { buttonsOf, RoomHoldPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerRoomHoldRoutes } from './room-hold.routes.js';

// 订房预约 (L5, docs/trade.md): holds are the reservation table's kind 'room_hold' rows, under the
// 预约 page's menu and data rules; their moves reach the receivable, order, room-stay and change-order services.
export default defineModule({
  name: 'room-hold',
  tables: [],
  menus: [{ path: '/crm/reservation', buttons: buttonsOf(RoomHoldPermission) }],
  routes: registerRoomHoldRoutes,
});
