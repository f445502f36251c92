import { storeDataScope } from '../room-type/room-type.rules.js';

// 住房安排 on its own menu: a 店长 with `storeId in 本人门店` sees and moves her stores' stays only.
const roomStayData = storeDataScope('room_stay', '住房安排', '/room/stay', { roomId: ['房间', 'room_id', 'uuid'], status: ['住房状态', 'status', 'text'] });

export const roomStayRules = roomStayData.rules;
export const roomStayScope = roomStayData.scope;
export const ROOM_STAY_MENU = roomStayData.menu;
