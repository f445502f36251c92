import { centsToPrice, priceCents } from '../order/order.schema.js';
import { addDays, daysBetween } from '../room-board/room-board.days.js';

// 月嫂匹配 (docs/nurses.md "Matching"): a pure function of the nurses, their busy days and leave. A nurse
// is left out with every reason that applies; the rest are ranked by a score whose parts are the reasons.

/** Levels in order, lowest first (nurse_level dictionary values). */
export const NURSE_LEVEL_ORDER = ['junior', 'middle', 'senior', 'gold'] as const;

/** Labels of the seeded dictionaries, used when the caller passes none. */
export const NURSE_MATCH_DEFAULT_LABELS: MatchLabels = {
  level: { junior: '初级', middle: '中级', senior: '高级', gold: '金牌' },
  practiceType: { confinement_nurse: '月嫂', nanny: '育儿嫂', lactation_consultant: '催乳师', infant_massage: '小儿推拿' },
  serviceType: { center: '会所', home: '到家', hospital: '医院陪护' },
  skill: { newborn_care: '新生儿护理', postpartum_care: '产妇护理', confinement_meal: '月子餐', lactation: '催乳', early_education: '早教', infant_massage: '小儿推拿' },
};

/** Days back from the period's first day whose work spreads the load (fewer days worked ranks higher). */
export const MATCH_WORKLOAD_DAYS = 90;

export interface MatchLabels {
  level: Record<string, string>;
  practiceType: Record<string, string>;
  serviceType: Record<string, string>;
  skill: Record<string, string>;
}

export interface MatchCriteriaInput {
  storeId?: string;
  /** First day (上户), YYYY-MM-DD. */
  startDate: string;
  days: number;
  serviceType?: string;
  practiceType?: string;
  minLevel?: string;
  /** What the customer pays for the period (money text); price26Days ÷ 26 × days must not exceed it. */
  budget?: string;
  /** Every one required. */
  skills?: string[];
}

export interface MatchNurseInput {
  id: string;
  nurseNo: string;
  name: string;
  level: string;
  practiceType: string;
  serviceType: string;
  status: string;
  storeId: string | null;
  price26Days: string;
  skills: string[];
  rating: string | null;
  ratingCount: number;
  healthCertExpiry: string | null;
  insuranceExpiry: string | null;
}

/** A live assignment's busy days [from, to) (the busy rule of docs/nurses.md). */
export interface MatchBusyInput {
  nurseId: string;
  assignmentNo: string;
  from: string;
  to: string;
}

/** A leave, both ends inclusive. */
export interface MatchLeaveInput {
  nurseId: string;
  startDate: string;
  endDate: string;
  reason: string;
}

export type MatchReasonCode =
  | 'left'
  | 'resting'
  | 'busy'
  | 'leave'
  | 'level_below'
  | 'over_budget'
  | 'missing_skills'
  | 'health_cert'
  | 'insurance'
  | 'service_type'
  | 'practice_type'
  | 'level'
  | 'rating'
  | 'price'
  | 'extra_skills'
  | 'workload';

export interface MatchReason {
  code: MatchReasonCode;
  /** Chinese, as the page shows it (and issue 18's AI log records it). */
  text: string;
  /** A ranking part's points (candidates only). */
  points?: number;
}

export interface MatchedNurse {
  id: string;
  nurseNo: string;
  name: string;
  level: string;
  practiceType: string;
  serviceType: string;
  storeId: string | null;
  price26Days: string;
  /** price26Days ÷ 26 × days, to the cent. */
  periodPrice: string;
  rating: string | null;
  skills: string[];
  /** Days on assignments in the 90 days before the period. */
  workedDays: number;
}

export interface MatchCandidate extends MatchedNurse {
  /** Sum of the reasons' points, one decimal. */
  score: number;
  reasons: MatchReason[];
}

export interface MatchExcluded extends MatchedNurse {
  reasons: MatchReason[];
}

export interface MatchOutcome {
  /** The period [from, to): `to` is the 下户 day. */
  period: { from: string; to: string };
  candidates: MatchCandidate[];
  excluded: MatchExcluded[];
}

export interface MatchData {
  nurses: readonly MatchNurseInput[];
  busy: readonly MatchBusyInput[];
  leaves: readonly MatchLeaveInput[];
  /** Days worked per nurse in the 90 days before the period (missing = 0). */
  workedDays?: Readonly<Record<string, number>>;
  labels?: Partial<MatchLabels>;
}

const md = (date: string) => date.slice(5);
const yuan = (cents: number) => `¥${centsToPrice(cents)}`;
const round1 = (n: number) => Math.round(n * 10) / 10;
const levelRank = (level: string) => (NURSE_LEVEL_ORDER as readonly string[]).indexOf(level);

/** price26Days ÷ 26 × days in cents (rounded half up). */
export function periodPriceCents(price26Days: string, days: number): number {
  return Math.round((priceCents(price26Days) * days) / 26);
}

/** Days of [from, to) that fall in [start, end) (0 when they do not meet). */
export function overlapDays(from: string, to: string, start: string, end: string): number {
  const a = from > start ? from : start;
  const b = to < end ? to : end;
  return b > a ? daysBetween(a, b) : 0;
}

/**
 * Ranks the nurses for a period: every nurse comes back either as a candidate (score and its parts) or
 * left out (every reason that applies). Candidates by score, high first; ties by nurse no.
 */
export function matchNurses(criteria: MatchCriteriaInput, data: MatchData): MatchOutcome {
  const label = (kind: keyof MatchLabels, value: string) => data.labels?.[kind]?.[value] ?? NURSE_MATCH_DEFAULT_LABELS[kind][value] ?? value;
  const from = criteria.startDate;
  const to = addDays(from, criteria.days);
  const lastDay = addDays(to, -1);
  const required = criteria.skills ?? [];
  const budgetCents = criteria.budget === undefined || criteria.budget === '' ? undefined : priceCents(criteria.budget);
  const minRank = criteria.minLevel ? levelRank(criteria.minLevel) : 0;

  const busyOf = groupBy(data.busy.filter((b) => b.from < to && b.to > from));
  const leaveOf = groupBy(data.leaves.filter((l) => l.startDate <= lastDay && l.endDate >= from));
  const candidates: MatchCandidate[] = [];
  const excluded: MatchExcluded[] = [];

  for (const n of data.nurses) {
    const priceCentsForPeriod = periodPriceCents(n.price26Days, criteria.days);
    const base: MatchedNurse = {
      id: n.id,
      nurseNo: n.nurseNo,
      name: n.name,
      level: n.level,
      practiceType: n.practiceType,
      serviceType: n.serviceType,
      storeId: n.storeId,
      price26Days: n.price26Days,
      periodPrice: centsToPrice(priceCentsForPeriod),
      rating: n.rating,
      skills: n.skills,
      workedDays: data.workedDays?.[n.id] ?? 0,
    };
    const out: MatchReason[] = [];
    if (n.status === 'left') out.push({ code: 'left', text: '已离职' });
    if (n.status === 'resting') out.push({ code: 'resting', text: '休息中' });
    for (const b of busyOf.get(n.id) ?? []) out.push({ code: 'busy', text: `已有派工「${b.assignmentNo}」（${md(b.from)} 至 ${md(addDays(b.to, -1))}）` });
    for (const l of leaveOf.get(n.id) ?? []) out.push({ code: 'leave', text: `请假 ${md(l.startDate)} 至 ${md(l.endDate)}${l.reason ? `（${l.reason}）` : ''}` });
    if (criteria.serviceType && n.serviceType !== criteria.serviceType)
      out.push({ code: 'service_type', text: `服务方式为「${label('serviceType', n.serviceType)}」，需要「${label('serviceType', criteria.serviceType)}」` });
    if (criteria.practiceType && n.practiceType !== criteria.practiceType)
      out.push({ code: 'practice_type', text: `从业类型为「${label('practiceType', n.practiceType)}」，需要「${label('practiceType', criteria.practiceType)}」` });
    const rank = levelRank(n.level);
    if (criteria.minLevel && rank < minRank) out.push({ code: 'level_below', text: `等级「${label('level', n.level)}」低于要求「${label('level', criteria.minLevel)}」` });
    if (budgetCents !== undefined && priceCentsForPeriod > budgetCents)
      out.push({ code: 'over_budget', text: `${criteria.days}天报价 ${yuan(priceCentsForPeriod)} 超出预算 ${yuan(budgetCents)}` });
    const missing = required.filter((s) => !n.skills.includes(s));
    if (missing.length > 0) out.push({ code: 'missing_skills', text: `缺少技能：${missing.map((s) => label('skill', s)).join('、')}` });
    if (n.healthCertExpiry && n.healthCertExpiry < lastDay) out.push({ code: 'health_cert', text: `健康证 ${n.healthCertExpiry} 到期，早于服务结束（${lastDay}）` });
    if (n.insuranceExpiry && n.insuranceExpiry < lastDay) out.push({ code: 'insurance', text: `保险 ${n.insuranceExpiry} 到期，早于服务结束（${lastDay}）` });
    if (out.length > 0) {
      excluded.push({ ...base, reasons: out });
      continue;
    }

    const parts: MatchReason[] = [];
    const above = Math.max(0, rank - minRank);
    parts.push({ code: 'level', text: above > 0 && criteria.minLevel ? `等级「${label('level', n.level)}」高于要求 ${above} 级` : `等级「${label('level', n.level)}」`, points: above * 10 });
    const rating = n.rating === null ? null : Number(n.rating);
    parts.push(rating === null ? { code: 'rating', text: '暂无评分', points: 0 } : { code: 'rating', text: `评分 ${n.rating}（${n.ratingCount}条评价）`, points: round1(rating * 6) });
    if (budgetCents !== undefined && budgetCents > 0) {
      const saved = (budgetCents - priceCentsForPeriod) / budgetCents;
      parts.push({ code: 'price', text: `报价 ${yuan(priceCentsForPeriod)} 在预算内（低 ${Math.round(saved * 100)}%）`, points: round1(saved * 20) });
    }
    const extra = n.skills.filter((s) => !required.includes(s));
    parts.push({ code: 'extra_skills', text: extra.length > 0 ? `另有技能：${extra.map((s) => label('skill', s)).join('、')}` : '无额外技能', points: Math.min(extra.length, 5) * 2 });
    const worked = Math.min(base.workedDays, MATCH_WORKLOAD_DAYS);
    parts.push({ code: 'workload', text: `近${MATCH_WORKLOAD_DAYS}天上户 ${base.workedDays} 天`, points: round1(((MATCH_WORKLOAD_DAYS - worked) / MATCH_WORKLOAD_DAYS) * 20) });
    candidates.push({ ...base, score: round1(parts.reduce((s, p) => s + (p.points ?? 0), 0)), reasons: parts });
  }

  candidates.sort((a, b) => b.score - a.score || a.nurseNo.localeCompare(b.nurseNo));
  excluded.sort((a, b) => a.nurseNo.localeCompare(b.nurseNo));
  return { period: { from, to }, candidates, excluded };
}

function groupBy<T extends { nurseId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) map.set(r.nurseId, [...(map.get(r.nurseId) ?? []), r]);
  return map;
}

/** Days of the busy spans [from, to) that fall in [start, end), per nurse. */
export function workedDaysIn(busy: readonly { nurseId: string; from: string; to: string }[], start: string, end: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of busy) out[b.nurseId] = (out[b.nurseId] ?? 0) + overlapDays(b.from, b.to, start, end);
  return out;
}
