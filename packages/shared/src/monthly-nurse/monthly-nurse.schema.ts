import { z } from 'zod';
import { inDict } from '../validation/dict-value.js';
import { dateSchema } from '../validation/date-rule.js';
import { isCalendarDate } from '../crm/common.js';
import { DictCode } from '../dict/dict.codes.js';
import { defineResource, field, type ListQueryOf, type RecordOf } from '../resource/index.js';
import { PHONE_MESSAGE } from '../validation/contact.check.js';
import { NURSE_STATUSES } from './monthly-nurse.state.js';

export const MonthlyNurseText = {
  storeMissing: '所选门店不存在或已停用',
  outOfScope: '所选门店不在您的数据范围内',
  idNoTaken: '该身份证号已有月嫂档案',
  hasAssignments: '该月嫂已有派工记录，不能删除，可设为离职',
  leaveOverlaps: (start: string, end: string) => `与已有请假（${start} 至 ${end}）重叠`,
  leaveBadPeriod: '结束日期不能早于开始日期',
  leaveStarted: '该请假已开始，不能删除',
  certBadPeriod: '到期日期不能早于发证日期',
  rested: '已设为休息',
  resumed: '已设为在职',
  resigned: '已设为离职',
  leaveAdded: '请假已添加',
  leaveDeleted: '请假已删除',
  /** The message template of expiry reminders. */
  expiryTemplateCode: 'nurse.expiry',
} as const;

const dateText = (label: string) => dateSchema(label, { window: 'business', missing: `请选择${label}!` });
const optionalDate = (label: string) =>
  z.preprocess((v) => (v === '' ? null : v), z.string().trim().refine(isCalendarDate, `${label}不正确`).nullable()).default(null);

/** An uploaded image's path (ImageUpload), or ''. */
export const nurseImageSchema = z.string().trim().max(500, '图片路径过长').default('');

/** One expiry the record flags: 健康证, 保险 or a certificate, 已过期 or 即将过期. */
export const nurseExpiryItemSchema = z.object({
  kind: z.enum(['health', 'insurance', 'certificate']),
  /** 健康证 / 保险 / the certificate's name (or kind). */
  name: z.string(),
  expiresOn: z.string(),
  flag: z.enum(['expired', 'expiring']),
});
export type NurseExpiryItem = z.infer<typeof nurseExpiryItemSchema>;

/** A required dictionary value whose absence reads 请选择…! like its emptiness. */
const requiredDict = (label: string, dict: string, o: { sort?: boolean; list?: boolean } = {}) => {
  const def = field.dict(label, dict, { required: true, ...o });
  return { ...def, input: inDict(z.string({ error: `请选择${label}!` }).trim().min(1, `请选择${label}!`).max(64), dict, label) };
};

const skillsSchema = z.array(inDict(z.string().trim().min(1).max(64), DictCode.nurseSkill, '技能'), { message: '技能不正确' }).max(30, '技能最多30项').default([]);

/**
 * 月嫂: the profile (number by rule nurse_no), its dictionaries, price, skills and expiries; the status
 * moves by nurseMachine only (上户中 by 派工), the rating follows her evaluations. The record carries
 * its expiry flags (computed, never stored) and its store's name.
 */
export const monthlyNurseResource = defineResource({
  name: 'monthly_nurse',
  table: 'monthly_nurse',
  label: '月嫂',
  fields: {
    nurseNo: field.readOnly(field.text('月嫂编号', { sort: true, search: 'prefix' })),
    photo: field.value('照片', nurseImageSchema, z.string(), { list: true }),
    name: field.text('姓名', { required: true, max: 50, sort: true }),
    phone: field.text('手机号', { required: true, max: 11, pattern: [/^1\d{10}$/, PHONE_MESSAGE], search: 'prefix' }),
    idNo: field.value(
      '身份证号',
      z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(32, '身份证号不能超过32个字符').nullable()).default(null),
      z.string().nullable(),
      { nullable: true, list: true, export: true },
    ),
    birthDate: field.date('出生日期', { list: false }),
    hometown: field.text('籍贯', { max: 50, search: false, list: false }),
    level: requiredDict('等级', DictCode.nurseLevel, { sort: true }),
    practiceType: requiredDict('从业类型', DictCode.nursePracticeType, { list: false }),
    serviceType: requiredDict('服务方式', DictCode.nurseServiceType),
    employment: requiredDict('用工方式', DictCode.nurseEmployment, { list: false }),
    price26Days: field.money('26天价格（元）', { sort: true, column: 'price_26_days' }),
    skills: field.value('技能', skillsSchema, z.array(z.string()), { list: true, export: true }),
    healthCertExpiry: field.date('健康证到期', { sort: true, window: 'business' }),
    insuranceExpiry: field.date('保险到期', { sort: true, window: 'business' }),
    storeId: field.value('门店', z.uuid({ message: '请选择门店!' }), z.string().nullable(), { required: true, search: 'eq', nullable: true, list: true }),
    status: field.readOnly(field.enum('状态', 'nurse_status', NURSE_STATUSES, { sort: true })),
    rating: field.readOnly(field.value('评分', z.string().nullable(), z.string().nullable(), { nullable: true, list: true, export: true, sort: true })),
    ratingCount: field.readOnly(field.int('评价数', { list: false })),
    remark: field.textarea('备注', { list: false }),
  },
  defaultSort: { key: 'nurseNo', order: 'asc' },
  derived: {
    storeName: z.string(),
    /** 证件预警: every flagged expiry (健康证, 保险, certificates). */
    expiryItems: z.array(nurseExpiryItemSchema),
    /** The worst flag of them (已过期 over 即将过期), null when none. */
    expiryFlag: z.enum(['expired', 'expiring']).nullable(),
    /** Whether idNo is masked (the list's form leaves a masked number as it is). */
    idNoMasked: z.boolean(),
  },
});

export type MonthlyNurse = RecordOf<typeof monthlyNurseResource>;

/** The list's filters: the resource's, a skill she has, and 证件预警 (flagged only, or one flag). */
export const monthlyNurseListQuerySchema = monthlyNurseResource.listQuery.extend({
  skill: z.string().trim().max(64).optional(),
  expiry: z.enum(['any', 'expired', 'expiring'], { message: '证件预警条件不正确' }).optional(),
});
export type MonthlyNurseListQuery = ListQueryOf<typeof monthlyNurseResource> & { skill?: string; expiry?: 'any' | 'expired' | 'expiring' };

export const nurseIdSchema = z.object({ nurseId: z.uuid({ message: '缺少月嫂ID' }) });
export const nurseDeleteSchema = z.object({ id: z.uuid({ message: '缺少ID' }), version: z.number().int().min(1).optional() });
export const nurseMoveSchema = z.object({ id: z.uuid({ message: '缺少ID' }), version: z.number().int().min(1) });
export type NurseMove = z.input<typeof nurseMoveSchema>;

/** 证书 of a nurse, with its flag. */
export const nurseCertificateSchema = z.object({
  id: z.string(),
  nurseId: z.string(),
  kind: z.string(),
  name: z.string(),
  certNo: z.string(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  image: z.string(),
  flag: z.enum(['expired', 'expiring']).nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type NurseCertificate = z.infer<typeof nurseCertificateSchema>;

/** A certificate's values (the nurse's page sends the same). */
const certificateFields = z.object({
  kind: inDict(z.string({ error: '请选择证书类型!' }).trim().min(1, '请选择证书类型!').max(64), DictCode.nurseCertificate, '证书类型'),
  name: z.string().trim().max(100, '证书名称不能超过100个字符').default(''),
  certNo: z.string().trim().max(64, '证书编号不能超过64个字符').default(''),
  issuedOn: optionalDate('发证日期'),
  expiresOn: optionalDate('到期日期'),
  image: nurseImageSchema,
});
const certificatePeriod = <S extends z.ZodType<{ issuedOn: string | null; expiresOn: string | null }>>(schema: S) =>
  schema.refine((v) => !v.issuedOn || !v.expiresOn || v.expiresOn >= v.issuedOn, { path: ['expiresOn'], message: MonthlyNurseText.certBadPeriod });

export const nurseCertificateValuesSchema = certificatePeriod(certificateFields);
export type NurseCertificateValues = z.output<typeof certificateFields>;
/** The nurse's own page saves one (a new one without id). */
export const nurseOwnCertificateSchema = certificatePeriod(certificateFields.extend({ id: z.uuid({ message: '缺少ID' }).optional(), version: z.number().int().min(1).optional() }));
export type NurseOwnCertificate = z.output<typeof nurseOwnCertificateSchema>;

export const nurseCertificateAddSchema = certificatePeriod(certificateFields.extend(nurseIdSchema.shape));
export type NurseCertificateAdd = z.input<typeof nurseCertificateAddSchema>;
export const nurseCertificateEditSchema = certificatePeriod(certificateFields.extend({ id: z.uuid({ message: '缺少ID' }), version: z.number().int().min(1) }));
export type NurseCertificateEdit = z.input<typeof nurseCertificateEditSchema>;

/** 请假: both days inclusive. */
export const nurseLeaveSchema = z.object({
  id: z.string(),
  nurseId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Days, both ends counted. */
  days: z.number().int(),
  reason: z.string(),
  /** staff (back office) or link (the nurse's page). */
  source: z.enum(['staff', 'link']),
  version: z.number().int(),
  createdAt: z.string(),
});
export type NurseLeave = z.infer<typeof nurseLeaveSchema>;

const leaveFields = z.object({
  startDate: dateText('开始日期'),
  endDate: dateText('结束日期'),
  reason: z.string().trim().max(200, '请假原因不能超过200个字符').default(''),
});
const leavePeriod = <S extends z.ZodType<{ startDate: string; endDate: string }>>(schema: S) =>
  schema.refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: MonthlyNurseText.leaveBadPeriod });
export const nurseLeaveValuesSchema = leavePeriod(leaveFields);
export type NurseLeaveValues = z.output<typeof leaveFields>;
export const nurseLeaveAddSchema = leavePeriod(leaveFields.extend(nurseIdSchema.shape));
export type NurseLeaveAdd = z.input<typeof nurseLeaveAddSchema>;

/** The nurse's own page (through her link): what she sees and may change. */
export const nurseOwnProfileSchema = z.object({
  id: z.string(),
  nurseNo: z.string(),
  name: z.string(),
  phone: z.string(),
  photo: z.string(),
  level: z.string(),
  status: z.enum(NURSE_STATUSES),
  healthCertExpiry: z.string().nullable(),
  insuranceExpiry: z.string().nullable(),
  certificates: z.array(nurseCertificateSchema),
  /** Leaves ending today or later. */
  leaves: z.array(nurseLeaveSchema),
  version: z.number().int(),
});
export type NurseOwnProfile = z.infer<typeof nurseOwnProfileSchema>;

/** Her phone and photo, with the version her page read. */
export const nurseOwnContactSchema = z.object({
  phone: z.string().trim().regex(/^1\d{10}$/, PHONE_MESSAGE),
  photo: nurseImageSchema,
  version: z.number().int().min(1),
});
export type NurseOwnContact = z.output<typeof nurseOwnContactSchema>;
