import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the room module and the titles of their buttons. */
export const RoomPermission = definePermissions({
  roomList: ['room:room:list', '查询房间'],
  roomAdd: ['room:room:add', '新增房间'],
  roomEdit: ['room:room:edit', '编辑房间'],
  /** 维修 / 维修完成 / 停用 / 启用 / 脏房 / 清洁 (roomMachine's manual moves). */
  roomStatus: ['room:room:status', '变更房态'],
  roomExport: ['room:room:export', '导出房间'],
});
