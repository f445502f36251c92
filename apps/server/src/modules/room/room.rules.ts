import { storeDataScope } from '../room-type/room-type.rules.js';

const roomData = storeDataScope('room', '房间', '/room/room', { floor: ['楼层', 'floor', 'number'], roomTypeId: ['房型', 'room_type_id', 'uuid'], status: ['房态', 'status', 'text'] });

export const roomRules = roomData.rules;
export const roomScope = roomData.scope;
