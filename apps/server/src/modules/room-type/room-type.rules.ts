import { defineDataScope } from '../../platform/data-rules/index.js';

// Rules on the 房型 menu scope every read and write of room types (`r` is the kit's alias).
const roomTypeData = defineDataScope({
  resource: 'room_type',
  label: '房型',
  alias: 'r',
  columns: {
    storeId: ['门店', 'store_id', 'uuid'],
    code: ['房型编码', 'code', 'text'],
    createdBy: ['创建人', 'created_by', 'uuid'],
  },
  menu: '/room/roomType',
});

export const roomTypeRules = roomTypeData.rules;
export const roomTypeScope = roomTypeData.scope;
