import { buttonsOf, roomTypeContract, roomTypeResource, RoomTypePermission } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import { registerContract } from '../../platform/http/register.js';
import { defineModule } from '../module.js';
import { roomTypeRules } from './room-type.rules.js';
import { registerStoreOwnedCrud, roomTypeCrudOptions, roomTypeOptions } from './room-type.service.js';

export default defineModule({
  name: 'room-type',
  tables: ['room_type'],
  menus: [{ parent: '/room', path: '/room/roomType', title: '房型', component: 'room-type/RoomTypeList', buttons: buttonsOf(RoomTypePermission) }],
  dataRules: [roomTypeRules],
  routes: (app, ctx) => {
    const db = ctx.database.db;
    const { options, ...crud } = roomTypeContract;
    registerStoreOwnedCrud(app, db, roomTypeResource, crud, roomTypeCrudOptions);
    registerContract(app, options, ({ body, request }) => roomTypeOptions(db, requireSession(request), body.storeId));
  },
});
