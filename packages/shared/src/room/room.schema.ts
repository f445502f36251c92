import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { defineResource, field, type RecordOf } from '../resource/index.js';
import { areaField, storeFields } from '../room-type/room-type.schema.js';
import { ROOM_EVENT_LABELS, ROOM_EVENTS_WITH_REASON, ROOM_MANUAL_EVENTS, ROOM_STATUSES } from './room.state.js';

export const RoomText = {
  roomNoTaken: '该门店已有此房间号',
  roomTypeMissing: '所选房型不是本门店的房型或已停用',
  statusChanged: '操作成功',
  reasonRequired: (event: string) => `请输入${event}原因!`,
} as const;

/** 房间 of a store: its number, floor, room type (of the same store), facing and daily price; the status moves by roomMachine only. */
export const roomResource = defineResource({
  name: 'room',
  table: 'room',
  label: '房间',
  fields: {
    ...storeFields,
    roomNo: field.text('房间号', { required: true, max: 20, sort: true, search: 'prefix' }),
    floor: field.int('楼层', { required: true, min: 1, max: 200, sort: true, search: 'eq' }),
    roomTypeId: field.value('房型', z.uuid({ message: '请选择房型!' }), z.string(), { required: true, search: 'eq' }),
    /** The room type's name (joined by the server). */
    roomTypeName: field.readOnly(field.value('房型', z.string(), z.string(), { stored: false, list: true, export: true })),
    facing: field.dict('朝向', 'room_facing'),
    area: areaField,
    dailyPrice: field.money('日房价（元）', { sort: true }),
    status: field.readOnly(field.enum('房态', 'room_status', ROOM_STATUSES, { sort: true })),
    sort: field.int('排序', { sort: true }),
    remark: field.textarea('备注'),
  },
  defaultSort: { key: 'roomNo', order: 'asc' },
  fixed: ['storeId'],
});

export type Room = RecordOf<typeof roomResource>;

/** A manual status move (维修, 维修完成, 停用, 启用, 脏房, 清洁); 维修 and 停用 need the reason. */
export const roomStatusChangeSchema = z
  .object({
    id: z.uuid({ message: '缺少房间ID' }),
    /** The version the caller saw; the board may leave it out. */
    version: z.number().int().min(1).optional(),
    event: z.enum(ROOM_MANUAL_EVENTS, { message: '不支持的房态操作' }),
    reason: z.string().trim().max(200, '原因不能超过200个字符').default(''),
  })
  .superRefine((v, ctx) => {
    if (ROOM_EVENTS_WITH_REASON.includes(v.event) && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: RoomText.reasonRequired(ROOM_EVENT_LABELS[v.event]) });
  });
export type RoomStatusChange = z.input<typeof roomStatusChangeSchema>;

/** One recorded status change of a room (状态记录): who moved it from what to what, when and why. */
export const roomStatusLogSchema = z.object({
  id: z.string(),
  event: z.string(),
  fromState: z.string(),
  toState: z.string(),
  reason: z.string(),
  changedBy: z.string(),
  changedAt: z.string(),
});
export type RoomStatusLog = z.infer<typeof roomStatusLogSchema>;
export const roomStatusLogQuerySchema = pageQuerySchema.extend({ id: z.uuid({ message: '缺少房间ID' }) });
export const roomStatusLogPageSchema = pageResultSchema(roomStatusLogSchema);
