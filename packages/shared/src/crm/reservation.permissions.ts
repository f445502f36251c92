import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the reservation module and the titles of their buttons. */
export const ReservationPermission = definePermissions({
  /** 预约 (参观 visits; 订房 holds come with the transactions issue). */
  reservationList: ['crm:reservation:list', '查询预约'],
  reservationAdd: ['crm:reservation:add', '预约参观'],
  reservationEdit: ['crm:reservation:edit', '修改预约'],
  reservationArrive: ['crm:reservation:arrive', '标记已到店'],
  reservationNoShow: ['crm:reservation:noShow', '标记未到店'],
  reservationCancel: ['crm:reservation:cancel', '取消预约'],
  reservationExport: ['crm:reservation:export', '导出预约'],
  /** 门店范围预约: its holders get this button's data rules instead of the 预约 menu's. */
  reservationStoreScope: ['crm:reservation:storeScope', '门店范围预约', { routed: false }],
});
