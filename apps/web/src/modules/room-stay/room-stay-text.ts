import type { RoomStayStatus } from '@care/shared';

/** Texts of 住房安排 and of the board's stay actions. */
export const RoomStayPageText = {
  period: '住房日期',
  checkIn: '入住',
  checkOut: '退房',
  settle: '结账',
  unassign: '取消排房',
  confirmCheckIn: (who: string) => `确定为${who}办理入住吗？`,
  confirmCheckOut: (who: string) => `确定为${who}办理退房吗？退房后房间变为脏房。`,
  confirmSettle: (orderNo: string) => `确定为订单「${orderNo}」结账吗？`,
  confirmUnassign: (who: string) => `确定取消${who}的排房吗？`,
} as const;

export const stayStatusColor: Record<RoomStayStatus, string> = { held: 'cyan', booked: 'blue', in_house: 'red', ended: 'default', cancelled: 'default' };
