import { z } from 'zod';
import { DictCode } from '../dict/dict.codes.js';
import { inDict } from '../validation/dict-value.js';
import { crmDateTimeSchema } from './common.js';

export const BabyText = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
} as const;

/** 宝宝 under a customer. Weight in grams, length in centimetres. */
export const babySchema = z.object({
  id: z.string(),
  customerId: z.string(),
  name: z.string(),
  /** `sex` dictionary (M / F). */
  gender: z.string().nullable(),
  birthAt: z.string().nullable(),
  gestationWeeks: z.number().int().nullable(),
  birthWeight: z.number().int().nullable(),
  birthLength: z.string().nullable(),
  /** `blood_type` dictionary. */
  bloodType: z.string().nullable(),
  notes: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Baby = z.infer<typeof babySchema>;

export const babyListQuerySchema = z.object({ customerId: z.uuid({ message: '缺少客户ID' }) });

const fields = {
  name: z.string().trim().min(1, '请输入宝宝姓名!').max(50, '宝宝姓名不能超过50个字符'),
  gender: z.enum(['M', 'F'], { message: '性别不正确' }).nullable().default(null),
  birthAt: crmDateTimeSchema('出生时间不正确').nullable().default(null),
  gestationWeeks: z.number({ message: '出生孕周必须是20到45之间的整数' }).int('出生孕周必须是20到45之间的整数').min(20, '出生孕周必须是20到45之间的整数').max(45, '出生孕周必须是20到45之间的整数').nullable().default(null),
  birthWeight: z.number({ message: '出生体重必须是300到8000克之间的整数' }).int('出生体重必须是300到8000克之间的整数').min(300, '出生体重必须是300到8000克之间的整数').max(8000, '出生体重必须是300到8000克之间的整数').nullable().default(null),
  birthLength: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{2}(\.\d)?$/.test(v) && Number(v) >= 20 && Number(v) <= 70, '出生身长必须是20到70厘米之间、最多一位小数')
    .nullable()
    .default(null),
  bloodType: inDict(z.string().trim().max(16, '血型不正确'), DictCode.bloodType, '血型').nullable().default(null),
  notes: z.string().trim().max(1000, '备注不能超过1000个字符').default(''),
};
export const babyCreateSchema = z.object({ customerId: z.uuid({ message: '缺少客户ID' }), ...fields });
export type BabyCreate = z.infer<typeof babyCreateSchema>;
export const babyEditSchema = z.object({ id: z.uuid({ message: '缺少宝宝ID' }), version: z.number().int().min(1), ...fields });
export type BabyEdit = z.infer<typeof babyEditSchema>;
