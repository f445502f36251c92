import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 订房预约 (buttons of the 预约 page, /crm/reservation). */
export const RoomHoldPermission = definePermissions({
  roomHoldList: ['crm:roomHold:list', '查询订房预约'],
  roomHoldAdd: ['crm:roomHold:add', '新增订房预约'],
  roomHoldAssign: ['crm:roomHold:assign', '排房'],
  roomHoldConvert: ['crm:roomHold:convert', '转订单'],
  roomHoldCancel: ['crm:roomHold:cancel', '取消订房预约'],
  roomHoldExport: ['crm:roomHold:export', '导出订房预约'],
});
