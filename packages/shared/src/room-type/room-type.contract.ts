import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { crudContracts } from '../resource/index.js';
import { RoomTypePermission as P } from './room-type.permissions.js';
import { roomTypeOptionSchema, roomTypeOptionsQuerySchema, roomTypeResource } from './room-type.schema.js';

/** /online/roomType/… : the room types of the session company's stores. */
export const roomTypeContract = {
  ...crudContracts(roomTypeResource, 'roomType', { list: P.roomTypeList, add: P.roomTypeAdd, edit: P.roomTypeEdit, status: P.roomTypeStatus, export: P.roomTypeExport }),
  /** Enabled room types (of one store when `storeId` is given), for selects. */
  options: defineContract({ method: 'POST', path: '/online/roomType/options', access: 'authenticated', body: roomTypeOptionsQuerySchema, result: z.array(roomTypeOptionSchema) }),
};
