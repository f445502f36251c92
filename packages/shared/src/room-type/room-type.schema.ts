import { z } from 'zod';
import { defineResource, field, type RecordOf } from '../resource/index.js';

export const RoomTypeText = {
  codeTaken: '该门店已有此房型编码',
  storeMissing: '所选门店不存在或已停用',
} as const;

/**
 * The fields a store's room types and rooms both carry: the store (set on add, never moved), its name
 * for the list and the export, the area and the daily price.
 */
export const storeFields = {
  storeId: field.value('门店', z.uuid({ message: '请选择门店!' }), z.string(), { required: true, search: 'eq' }),
  /** The store's name (joined by the server). */
  storeName: field.readOnly(field.value('门店', z.string(), z.string(), { stored: false, list: true, export: true })),
};

export const areaField = field.money('面积（㎡）', { message: '面积必须是最多两位小数的数字' });

/** 房型 of a store (标准间, 豪华间, 套房 …): beds, area and the usual daily price of its rooms. */
export const roomTypeResource = defineResource({
  name: 'room-type',
  table: 'room_type',
  label: '房型',
  fields: {
    ...storeFields,
    code: field.code('房型编码', { required: true }),
    name: field.text('房型名称', { required: true, sort: true, max: 50 }),
    beds: field.int('床位数', { min: 1, max: 10, default: 1, sort: true }),
    area: areaField,
    dailyPrice: field.money('日房价（元）', { sort: true }),
    description: field.textarea('描述'),
    enabled: field.bool('状态'),
    sort: field.int('排序', { sort: true }),
  },
  defaultSort: { key: 'sort', order: 'asc' },
  fixed: ['storeId'],
});

export type RoomType = RecordOf<typeof roomTypeResource>;

/** An enabled room type for selects, with its store (a room takes a type of its own store). */
export const roomTypeOptionSchema = z.object({ id: z.string(), name: z.string(), code: z.string(), storeId: z.string(), dailyPrice: z.string() });
export type RoomTypeOption = z.infer<typeof roomTypeOptionSchema>;
export const roomTypeOptionsQuerySchema = z.object({ storeId: z.uuid({ message: '门店不正确' }).optional() });
