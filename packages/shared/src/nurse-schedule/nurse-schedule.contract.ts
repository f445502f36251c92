import { z } from 'zod';
import { dateSchema } from '../validation/date-rule.js';
import { defineContract } from '../api/contract.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { isCalendarDate } from '../crm/common.js';
import { daysBetween } from '../room-board/room-board.days.js';
import { NURSE_DAY_STATES, NURSE_SCHEDULE_MAX_DAYS } from './nurse-schedule.days.js';
import { NurseSchedulePermission as P } from './nurse-schedule.permissions.js';
import { aiExplanationSchema } from '../ai-log/ai-log.schema.js';

export const NurseScheduleText = {
  startDate: '请选择上户日期',
  days: '服务天数须为1至365天',
  month: '请选择月份',
  from: '请选择开始日期',
  to: '请选择结束日期',
  period: '请选择月份或开始、结束日期',
  order: '结束日期不能早于开始日期',
  tooLong: `查询期间不能超过${NURSE_SCHEDULE_MAX_DAYS}天`,
  budget: '预算金额不正确',
  nurseId: '缺少月嫂ID',
  nurseNotFound: '月嫂不存在',
} as const;

const day = (message: string) => z.string({ message }).trim().refine(isCalendarDate, message);
const optionalText = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const optionalId = z
  .union([z.uuid({ message: '门店不正确' }), z.literal('')])
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const month = z.string({ message: NurseScheduleText.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, NurseScheduleText.month);

// ---- Matching ----------------------------------------------------------------------------------

/** 匹配条件 (docs/nurses.md "Matching"). */
export const nurseMatchCriteriaSchema = z.object({
  storeId: optionalId,
  startDate: dateSchema('上户日期', { window: 'business', message: NurseScheduleText.startDate }),
  days: z.number({ message: NurseScheduleText.days }).int(NurseScheduleText.days).min(1, NurseScheduleText.days).max(365, NurseScheduleText.days),
  /** nurse_service_type: center 会所 · home 到家 · hospital 医院陪护. */
  serviceType: optionalText,
  /** nurse_practice_type. */
  practiceType: optionalText,
  /** nurse_level: the lowest accepted (初级 < 中级 < 高级 < 金牌). */
  minLevel: optionalText,
  /** What the customer pays for the period, yuan. */
  budget: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || String(v).trim() === '' ? undefined : String(v).trim()))
    .refine((v) => v === undefined || /^\d{1,12}(\.\d{1,2})?$/.test(v), NurseScheduleText.budget),
  /** nurse_skill values, all required. */
  skills: z.array(z.string().max(64)).max(20).default([]),
  /** The order the match is for (the 派工 form's): the AI log links its explanation to it. */
  orderId: z.union([z.uuid({ message: '订单不正确' }), z.literal('')]).optional().transform((v) => (v === '' ? undefined : v)),
});
export type NurseMatchCriteria = z.input<typeof nurseMatchCriteriaSchema>;
/** The criteria as the server reads them (trimmed, blanks dropped). */
export type NurseMatchCriteriaValues = z.output<typeof nurseMatchCriteriaSchema>;

const reasonSchema = z.object({
  code: z.string(),
  /** Chinese, as shown (and recorded by the AI log). */
  text: z.string(),
  /** A ranking part's points (candidates only). */
  points: z.number().optional(),
});
const matchedNurseSchema = z.object({
  id: z.string(),
  nurseNo: z.string(),
  name: z.string(),
  level: z.string(),
  practiceType: z.string(),
  serviceType: z.string(),
  storeId: z.string().nullable(),
  price26Days: z.string(),
  /** price26Days ÷ 26 × days. */
  periodPrice: z.string(),
  rating: z.string().nullable(),
  skills: z.array(z.string()),
  /** Days on assignments in the 90 days before the period. */
  workedDays: z.number().int(),
  reasons: z.array(reasonSchema),
});
export const nurseMatchResultSchema = z.object({
  /** [from, to): `to` is the 下户 day. */
  period: z.object({ from: z.string(), to: z.string() }),
  /** Ranked, best first; `reasons` are the score's parts. */
  candidates: z.array(matchedNurseSchema.extend({ score: z.number() })),
  /** 未入选, each with every reason that applies. */
  excluded: z.array(matchedNurseSchema),
  /** The AI log's explanation of the top candidates (issue 18), logged (the server always sends it). */
  explanation: aiExplanationSchema.optional(),
});
export type NurseMatchResult = z.infer<typeof nurseMatchResultSchema>;
export type NurseMatchCandidate = NurseMatchResult['candidates'][number];
export type NurseMatchExcluded = NurseMatchResult['excluded'][number];

// ---- 档期 ----------------------------------------------------------------------------------------

const stateSchema = z.enum(NURSE_DAY_STATES);
export const nurseScheduleSpanSchema = z.object({
  state: stateSchema,
  /** Inclusive. */
  from: z.string(),
  to: z.string(),
  assignmentNo: z.string().nullable(),
  customerName: z.string().nullable(),
  leaveReason: z.string().nullable(),
});

export const nurseScheduleRowSchema = z.object({
  id: z.string(),
  nurseNo: z.string(),
  name: z.string(),
  level: z.string(),
  status: z.string(),
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  /** One per day of `days`. */
  states: z.array(stateSchema),
  spans: z.array(nurseScheduleSpanSchema),
});
export type NurseScheduleRow = z.infer<typeof nurseScheduleRowSchema>;

/** A month (`YYYY-MM`) or from/to (inclusive) of at most 62 days. */
const periodFields = { month: month.optional(), from: day(NurseScheduleText.from).optional(), to: day(NurseScheduleText.to).optional() };
type PeriodFields = { month?: string; from?: string; to?: string };
const checkPeriod = (v: PeriodFields, ctx: z.RefinementCtx) => {
  if (v.month) return;
  if (!v.from || !v.to) return void ctx.addIssue({ code: 'custom', message: NurseScheduleText.period, path: ['month'] });
  if (v.to < v.from) return void ctx.addIssue({ code: 'custom', message: NurseScheduleText.order, path: ['to'] });
  if (daysBetween(v.from, v.to) + 1 > NURSE_SCHEDULE_MAX_DAYS) ctx.addIssue({ code: 'custom', message: NurseScheduleText.tooLong, path: ['to'] });
};

export const nurseScheduleTeamQuerySchema = pageQuerySchema
  .extend({ storeId: optionalId, level: optionalText, name: optionalText, ...periodFields })
  .superRefine(checkPeriod);
export type NurseScheduleTeamQuery = z.input<typeof nurseScheduleTeamQuerySchema>;
export type NurseScheduleTeamParams = z.output<typeof nurseScheduleTeamQuerySchema>;

const countsSchema = z.record(stateSchema, z.number().int());
export const nurseScheduleTeamSchema = z.object({
  from: z.string(),
  /** Inclusive. */
  to: z.string(),
  days: z.array(z.string()),
  today: z.string(),
  page: pageResultSchema(nurseScheduleRowSchema),
  /** Nurse-days per state over the page's nurses. */
  counts: countsSchema,
});
export type NurseScheduleTeam = z.infer<typeof nurseScheduleTeamSchema>;

export const nurseScheduleNurseQuerySchema = z.object({ nurseId: z.uuid({ message: NurseScheduleText.nurseId }), month });
export type NurseScheduleNurseQuery = z.input<typeof nurseScheduleNurseQuerySchema>;

export const nurseScheduleNurseSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  today: z.string(),
  nurse: nurseScheduleRowSchema,
  counts: countsSchema,
});
export type NurseScheduleNurse = z.infer<typeof nurseScheduleNurseSchema>;

export const nurseScheduleContract = {
  /** 团队档期: the nurses in the caller's scope (paged) × the days of a month or a period of at most 62 days. */
  team: defineContract({ method: 'POST', path: '/online/nurseSchedule/team', access: P.nurseScheduleList, body: nurseScheduleTeamQuerySchema, result: nurseScheduleTeamSchema }),
  /** One nurse's month. */
  nurse: defineContract({ method: 'POST', path: '/online/nurseSchedule/nurse', access: P.nurseScheduleList, body: nurseScheduleNurseQuerySchema, result: nurseScheduleNurseSchema }),
  /** 匹配月嫂: ranked candidates and those left out, each with its reasons. */
  match: defineContract({ method: 'POST', path: '/online/nurseSchedule/match', access: P.nurseMatch, body: nurseMatchCriteriaSchema, result: nurseMatchResultSchema }),
};
