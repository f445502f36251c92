import { buttonsOf, roomBoardContract, RoomBoardPermission } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import { registerContract } from '../../platform/http/register.js';
import { defineModule } from '../module.js';
import { roomBoard } from './room-board.service.js';

// 房态图 reads the room and room type tables (owned by the room modules) in the 房间 menu's data scope.
export default defineModule({
  name: 'room-board',
  menus: [{ path: '/room/board', buttons: buttonsOf(RoomBoardPermission) }],
  routes: (app, ctx) => {
    const db = ctx.database.db;
    registerContract(app, roomBoardContract.data, async ({ body, request, reply }) => {
      const started = performance.now();
      const board = await roomBoard(db, requireSession(request), body);
      // The service's own time, for the board's performance test (the browser reads it from Resource Timing).
      void reply.header('server-timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
      return board;
    });
  },
});
