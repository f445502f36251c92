import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the room-type module and the titles of their buttons. */
export const RoomTypePermission = definePermissions({
  roomTypeList: ['room:roomType:list', '查询房型'],
  roomTypeAdd: ['room:roomType:add', '新增房型'],
  roomTypeEdit: ['room:roomType:edit', '编辑房型'],
  roomTypeStatus: ['room:roomType:status', '启用/停用房型'],
  roomTypeExport: ['room:roomType:export', '导出房型'],
});
