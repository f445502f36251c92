import { buttonsOf, roomContract, roomResource, RoomPermission } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import { registerStoreOwnedCrud } from '../room-type/room-type.service.js';
import { registerContract } from '../../platform/http/register.js';
import { defineModule } from '../module.js';
import { roomRules } from './room.rules.js';
import { seedDemoRoomsIfEmpty } from './room.seed.js';
import { changeStatus, roomCrudOptions, statusLog } from './room.service.js';

export default defineModule({
  name: 'room',
  tables: ['room'],
  menus: [{ path: '/room/room', buttons: buttonsOf(RoomPermission) }],
  dataRules: [roomRules],
  routes: (app, ctx) => {
    const db = ctx.database.db;
    const { changeStatus: move, statusLog: log, ...crudContracts } = roomContract;
    const crud = registerStoreOwnedCrud(app, db, roomResource, crudContracts, roomCrudOptions);
    registerContract(app, move, ({ body, request }) => changeStatus(db, crud, requireSession(request), body));
    registerContract(app, log, ({ body, request }) => statusLog(db, crud, requireSession(request), body));
  },
  seeds: [{ name: 'demo room types and rooms', run: ({ db, config }) => seedDemoRoomsIfEmpty(db, config) }],
});
