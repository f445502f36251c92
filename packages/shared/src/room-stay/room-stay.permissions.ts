import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 排房、入住、退房与结账. */
export const RoomStayPermission = definePermissions({
  roomStayList: ['room:stay:list', '查询住房安排'],
  roomStayExport: ['room:stay:export', '导出住房安排'],
  roomStayAssign: ['room:stay:assign', '排房'],
  roomStayUnassign: ['room:stay:unassign', '取消排房'],
  roomStayMove: ['room:stay:move', '换房'],
  roomStayCheckIn: ['room:stay:checkIn', '入住'],
  roomStayCheckOut: ['room:stay:checkOut', '退房'],
  roomStaySettle: ['room:stay:settle', '结账'],
});
