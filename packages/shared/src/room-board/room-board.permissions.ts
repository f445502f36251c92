import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the 房态图 (room board). */
export const RoomBoardPermission = definePermissions({
  roomBoardView: ['room:board:view', '查看房态图'],
});
