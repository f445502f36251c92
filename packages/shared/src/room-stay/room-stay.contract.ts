import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { isCalendarDate } from '../crm/common.js';
import { crudContracts, defineResource, field, type RecordOf } from '../resource/index.js';
import { storeFields } from '../room-type/room-type.schema.js';
import { RoomStayPermission as P } from './room-stay.permissions.js';
import { ROOM_STAY_STATUSES } from './room-stay.state.js';
import { RoomStayText } from './room-stay.text.js';

const names = (label: string) => field.readOnly(field.value(label, z.string(), z.string(), { stored: false, list: true, export: true }));
const ref = (label: string) => field.value(label, z.uuid(), z.string().nullable(), { list: false, export: false, search: 'eq' });

/** 住房安排: which room an order (or a hold) has on which nights; moved by 排房, 入住, 退房, 换房 only. */
export const roomStayResource = defineResource({
  name: 'roomStay',
  table: 'room_stay',
  label: '住房安排',
  fields: {
    ...storeFields,
    roomId: ref('房间'),
    roomNo: names('房间号'),
    orderId: ref('订单'),
    orderNo: names('订单号'),
    customerId: ref('客户'),
    customerName: names('客户'),
    startDate: field.readOnly(field.date('入住日期', { sort: true })),
    endDate: field.readOnly(field.date('退房日期', { sort: true })),
    // Listed (a value field is not by default); the page renders it as a tag.
    status: field.readOnly(field.value('住房状态', z.enum(ROOM_STAY_STATUSES), z.enum(ROOM_STAY_STATUSES), { search: 'eq', sort: true, list: true })),
    checkedInAt: field.datetime('入住时间'),
    checkedOutAt: field.datetime('退房时间'),
    /** 结账 would succeed: the order is 已退房, its plan equals its price and nothing is owed (docs/ledger.md). */
    settleable: field.readOnly(field.value('可结账', z.boolean(), z.boolean(), { stored: false, list: false, export: false })),
  },
  defaultSort: { key: 'startDate', order: 'desc' },
});
export type RoomStay = RecordOf<typeof roomStayResource>;

const day = (message: string) => z.string().refine(isCalendarDate, message);
const id = z.uuid({ message: '缺少住房安排ID' });
const version = z.number().int().min(1).optional();

/** The list's period: stays holding a night between `from` and `to` (inclusive). */
export const roomStayPeriodSchema = z.object({ from: day('开始日期不正确').optional(), to: day('结束日期不正确').optional() });

const crud = crudContracts(roomStayResource, 'roomStay', { list: P.roomStayList, export: P.roomStayExport });

export const roomStayContract = {
  list: defineContract({ ...crud.list, body: roomStayResource.listQuery.extend(roomStayPeriodSchema.shape) }),
  queryById: crud.queryById,
  exportXls: defineContract({ ...crud.exportXls, body: roomStayResource.listQuery.omit({ pageNo: true, pageSize: true }).partial().extend(roomStayPeriodSchema.shape) }),
  /** 排房: a confirmed order into a room of its store for its planned nights. */
  assign: defineContract({
    method: 'POST',
    path: '/online/roomStay/assign',
    access: P.roomStayAssign,
    body: z.object({ orderId: z.uuid({ message: '请选择订单' }), roomId: z.uuid({ message: '请选择房间' }) }),
    result: roomStayResource.record,
    successMessage: RoomStayText.assigned,
  }),
  /** 取消排房 of a stay not yet checked in. */
  unassign: defineContract({ method: 'POST', path: '/online/roomStay/unassign', access: P.roomStayUnassign, body: z.object({ id, version }), result: roomStayResource.record, successMessage: RoomStayText.unassigned }),
  /** 换房: the order's nights from `fromDate` (today when left out, or the stay's first night if later) into another room. */
  move: defineContract({
    method: 'POST',
    path: '/online/roomStay/move',
    access: P.roomStayMove,
    body: z.object({ id, version, toRoomId: z.uuid({ message: '请选择房间' }), fromDate: day('换房日期不正确').optional() }),
    result: roomStayResource.record,
    successMessage: RoomStayText.moved,
  }),
  checkIn: defineContract({ method: 'POST', path: '/online/roomStay/checkIn', access: P.roomStayCheckIn, body: z.object({ id, version }), result: roomStayResource.record, successMessage: RoomStayText.checkedIn }),
  checkOut: defineContract({ method: 'POST', path: '/online/roomStay/checkOut', access: P.roomStayCheckOut, body: z.object({ id, version }), result: roomStayResource.record, successMessage: RoomStayText.checkedOut }),
  /** 结账 of the order of an ended stay: refused while money is owed. */
  settle: defineContract({ method: 'POST', path: '/online/roomStay/settle', access: P.roomStaySettle, body: z.object({ id }), result: roomStayResource.record, successMessage: RoomStayText.settled }),
  /** The store's confirmed orders without a room yet (排房's choices). */
  pendingOrders: defineContract({
    method: 'POST',
    path: '/online/roomStay/pendingOrders',
    access: P.roomStayAssign,
    body: z.object({ storeId: z.uuid({ message: '请选择门店' }) }),
    result: z.array(z.object({ orderId: z.string(), orderNo: z.string(), customerName: z.string(), plannedCheckIn: z.string(), plannedCheckOut: z.string(), roomTypeId: z.string().nullable() })),
  }),
};
