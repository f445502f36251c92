import { defineContract } from '../api/contract.js';
import { crudContracts } from '../resource/index.js';
import { RoomPermission as P } from './room.permissions.js';
import { roomResource, roomStatusChangeSchema, roomStatusLogPageSchema, roomStatusLogQuerySchema, RoomText } from './room.schema.js';

/** /online/room/… : the rooms of the session company's stores. Add and edit never set the status. */
export const roomContract = {
  ...crudContracts(roomResource, 'room', { list: P.roomList, add: P.roomAdd, edit: P.roomEdit, export: P.roomExport }),
  /** A manual status move through roomMachine, recorded in state_change; a refused move changes nothing. */
  changeStatus: defineContract({ method: 'POST', path: '/online/room/changeStatus', access: P.roomStatus, body: roomStatusChangeSchema, result: roomResource.record, successMessage: RoomText.statusChanged }),
  /** 状态记录: the room's recorded status changes, newest first. */
  statusLog: defineContract({ method: 'POST', path: '/online/room/statusLog', access: P.roomList, body: roomStatusLogQuerySchema, result: roomStatusLogPageSchema }),
};
