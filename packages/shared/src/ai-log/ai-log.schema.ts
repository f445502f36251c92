import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

// The AI log (docs/reports.md "AI log"): every AI-assisted action, its input, output, model and time.

/** The log page (spec route, outside the shell): read with a session or through `?token=`. */
export const AI_LOG_PAGE_PATH = '/ai/aiLogHostory';
/** The address a link hands out: the app's base path, the page, then `?token=…`. */
export const AI_LOG_URL_PATH = `/app${AI_LOG_PAGE_PATH}`;
/** The header the page's calls carry a link's token in (never the URL of an API call). */
export const AI_LOG_TOKEN_HEADER = 'X-Ai-Log-Token';
/** A token: 32 random bytes, base64url without padding. */
export const AI_LOG_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const AI_LOG_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;
/** The model name logged when the rule-based explainer wrote the text. */
export const RULE_BASED_MODEL = 'rule-based';
/** Candidates a match explanation speaks of. */
export const AI_MATCH_TOP = 3;
/** Latest follow-ups a summary reads. */
export const AI_SUMMARY_FOLLOW_UPS = 30;

export const AI_LOG_KINDS = ['nurse_match', 'follow_up_summary'] as const;
export type AiLogKind = (typeof AI_LOG_KINDS)[number];
export const AI_LOG_KIND_LABELS: Record<AiLogKind, string> = { nurse_match: '月嫂匹配说明', follow_up_summary: '跟进总结' };

/** ok: the model answered · fallback: a configured model failed, the rules answered · error: nothing could. */
export const AI_LOG_STATUSES = ['ok', 'fallback', 'error'] as const;
export type AiLogStatus = (typeof AI_LOG_STATUSES)[number];
export const AI_LOG_STATUS_LABELS: Record<AiLogStatus, string> = { ok: '成功', fallback: '规则兜底', error: '失败' };

export const AI_LINKED_TYPES = ['order', 'lead', 'customer'] as const;
export type AiLinkedType = (typeof AI_LINKED_TYPES)[number];
export const AI_LINKED_TYPE_LABELS: Record<AiLinkedType, string> = { order: '订单', lead: '线索', customer: '客户' };

export const AiLogText = {
  invalid: '链接无效或已过期',
  daysRange: `有效天数须为${AI_LOG_LINK_DAYS.min}到${AI_LOG_LINK_DAYS.max}天`,
  linkAdded: '查看链接已生成',
  linkRevoked: '查看链接已撤销',
  alreadyRevoked: '该链接已撤销',
  badDay: '日期格式应为YYYY-MM-DD',
  badPeriod: '结束日期不能早于开始日期',
  pickTarget: '请指定线索或客户',
  noFollowUps: '暂无跟进记录，无法总结',
  summarized: '总结已生成',
} as const;

/** What the log page filters by. `from`/`to` are inclusive Asia/Shanghai days. */
export const aiLogListQuerySchema = pageQuerySchema
  .extend({
    kind: z.enum(AI_LOG_KINDS).optional(),
    operatorId: z.uuid().optional(),
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, AiLogText.badDay).optional(),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, AiLogText.badDay).optional(),
    linkedType: z.enum(AI_LINKED_TYPES).optional(),
    linkedId: z.uuid().optional(),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { message: AiLogText.badPeriod, path: ['to'] });
export type AiLogListQuery = z.input<typeof aiLogListQuerySchema>;
export type AiLogListParams = z.output<typeof aiLogListQuerySchema>;

export const aiLogRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(AI_LOG_KINDS),
  /** What the explainer was given (the same the model's prompt was built from). */
  input: z.unknown(),
  output: z.string(),
  model: z.string(),
  status: z.enum(AI_LOG_STATUSES),
  error: z.string().nullable(),
  operatorId: z.string().nullable(),
  operatorName: z.string(),
  linkedType: z.enum(AI_LINKED_TYPES).nullable(),
  linkedId: z.string().nullable(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type AiLogRecord = z.infer<typeof aiLogRecordSchema>;

/** A page of the log and the operators found in the company's log (the filter's choices). */
export const aiLogPageSchema = pageResultSchema(aiLogRecordSchema).extend({
  operators: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AiLogPage = z.infer<typeof aiLogPageSchema>;

/**
 * A row as a 查看链接 shows it (a public page): what was done, by whom, with which model, when and how
 * it ended. No input, output, failure text or linked record id: they hold customers' and nurses'
 * names, phones and the words of follow-ups.
 */
export const aiLogSharedRecordSchema = aiLogRecordSchema.pick({ id: true, kind: true, model: true, status: true, operatorId: true, operatorName: true, linkedType: true, durationMs: true, createdAt: true });
export type AiLogSharedRecord = z.infer<typeof aiLogSharedRecordSchema>;
export const aiLogSharedPageSchema = pageResultSchema(aiLogSharedRecordSchema).extend({ operators: aiLogPageSchema.shape.operators });
export type AiLogSharedPage = z.infer<typeof aiLogSharedPageSchema>;

/** What an explanation answers beside the action's own result. */
export const aiExplanationSchema = z.object({
  logId: z.string(),
  text: z.string(),
  model: z.string(),
  status: z.enum(AI_LOG_STATUSES),
});
export type AiExplanation = z.infer<typeof aiExplanationSchema>;

// ---- links ----

export const aiLogLinkSchema = z.object({
  id: z.string(),
  state: z.enum(['active', 'expired', 'revoked']),
  createdAt: z.string(),
  createdByName: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  version: z.number().int(),
});
export type AiLogLink = z.infer<typeof aiLogLinkSchema>;
export const AI_LOG_LINK_STATE_LABELS: Record<AiLogLink['state'], string> = { active: '有效', expired: '已过期', revoked: '已撤销' };

export const aiLogLinkAddSchema = z.object({
  days: z
    .number({ message: AiLogText.daysRange })
    .int({ message: AiLogText.daysRange })
    .min(AI_LOG_LINK_DAYS.min, { message: AiLogText.daysRange })
    .max(AI_LOG_LINK_DAYS.max, { message: AiLogText.daysRange })
    .default(AI_LOG_LINK_DAYS.default),
});
export type AiLogLinkAdd = z.input<typeof aiLogLinkAddSchema>;
export const aiLogLinkIssuedSchema = z.object({ link: aiLogLinkSchema, url: z.string() });
export type AiLogLinkIssued = z.infer<typeof aiLogLinkIssuedSchema>;
export const aiLogLinkRevokeSchema = z.object({ id: z.uuid({ message: '缺少ID' }), version: z.number().int() });

/** The address handed out: relative to the site (the page prefixes the browser's origin). */
export function aiLogLinkUrl(token: string): string {
  return `${AI_LOG_URL_PATH}?${new URLSearchParams({ token })}`;
}

// ---- follow-up summary ----

export const followUpSummaryQuerySchema = z
  .object({ leadId: z.uuid().optional(), customerId: z.uuid().optional() })
  .refine((v) => Boolean(v.leadId) !== Boolean(v.customerId), { message: AiLogText.pickTarget, path: ['leadId'] });
export type FollowUpSummaryQuery = z.input<typeof followUpSummaryQuerySchema>;

// ---- the explainers' inputs (logged as they are) ----

export interface MatchExplainCandidate {
  name: string;
  nurseNo: string;
  score: number;
  periodPrice: string;
  reasons: { text: string; points?: number }[];
}

/** A match's input: the criteria in words, the top candidates with their reasons, why others were left out. */
export interface MatchExplainInput {
  criteria: string[];
  period: { from: string; to: string };
  candidateCount: number;
  candidates: MatchExplainCandidate[];
  excludedCount: number;
  /** Reason text (without the nurse-specific details) → how many nurses it left out. */
  excludedReasons: { reason: string; count: number }[];
}

export interface SummaryFollowUp {
  at: string;
  type: string;
  way: string;
  content: string;
  by: string;
  nextFollowAt: string | null;
}

export interface SummaryExplainInput {
  subject: 'lead' | 'customer';
  total: number;
  /** Newest first. */
  followUps: SummaryFollowUp[];
}
