import { defineDataScope } from '../../platform/data-rules/index.js';

// Rules on the 房间 menu scope every read, write and status move of rooms (`r` is the kit's alias).
const roomData = defineDataScope({
  resource: 'room',
  label: '房间',
  alias: 'r',
  columns: {
    storeId: ['门店', 'store_id', 'uuid'],
    floor: ['楼层', 'floor', 'number'],
    roomTypeId: ['房型', 'room_type_id', 'uuid'],
    status: ['房态', 'status', 'text'],
    createdBy: ['创建人', 'created_by', 'uuid'],
  },
  menu: '/room/room',
});

export const roomRules = roomData.rules;
export const roomScope = roomData.scope;
