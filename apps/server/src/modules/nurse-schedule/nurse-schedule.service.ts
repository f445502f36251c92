import type { Kysely } from 'kysely';
import {
  addDays,
  countDayStates,
  DictCode,
  MATCH_WORKLOAD_DAYS,
  matchNurses,
  monthBounds,
  nurseDays,
  NurseScheduleText,
  dateWindow,
  daysBetween,
  toPageResult,
  workedDaysIn,
  AI_MATCH_TOP,
  type MatchExplainInput,
  type MatchLabels,
  type MatchOutcome,
  type NurseMatchCriteriaValues,
  type NurseMatchResult,
  type NurseScheduleNurse,
  type NurseScheduleNurseQuery,
  type NurseScheduleTeamParams,
  type NurseScheduleRow,
  type NurseScheduleTeam,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { NotFound } from '../../platform/errors.js';
import { shanghaiDate } from '../../platform/time.js';
import { codeOptions } from '../dict/dict.service.js';
import { leavesInPeriod, nurseScope, nursesForMatching, nurseVisibleTo } from '../monthly-nurse/monthly-nurse.service.js';
import { busyInPeriod } from '../nurse-assignment/nurse-assignment.service.js';
import { explainMatch, type AiSettings } from '../ai-log/ai-log.service.js';
import * as repo from './nurse-schedule.repo.js';

/** Day states and spans of each nurse over [from, to] (inclusive), from two period-bounded reads. */
async function scheduleRows(db: Kysely<DB>, companyId: string, rows: repo.TeamNurseRow[], from: string, to: string): Promise<NurseScheduleRow[]> {
  const nurseIds = rows.map((r) => r.id);
  if (nurseIds.length === 0) return [];
  const end = addDays(to, 1);
  const [busy, leaves] = await Promise.all([busyInPeriod(db, companyId, { nurseIds, from, to: end }), leavesInPeriod(db, companyId, { nurseIds, from, to: end })]);
  const busyOf = byNurse(busy);
  const leaveOf = byNurse(leaves);
  return rows.map((r) => {
    const days = nurseDays(from, to, busyOf.get(r.id) ?? [], leaveOf.get(r.id) ?? []);
    return { id: r.id, nurseNo: r.nurse_no, name: r.name, level: r.level, status: r.status, storeId: r.store_id, storeName: r.store_name, ...days };
  });
}

function byNurse<T extends { nurseId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    const list = map.get(r.nurseId);
    if (list) list.push(r);
    else map.set(r.nurseId, [r]);
  }
  return map;
}

function periodOf(q: { month?: string; from?: string; to?: string }): { from: string; to: string } {
  return q.month ? monthBounds(q.month) : { from: q.from!, to: q.to! };
}

/** 团队档期: a page of the nurses in scope × the days of the period. */
export async function teamSchedule(db: Kysely<DB>, session: SessionInfo, q: NurseScheduleTeamParams, now = new Date()): Promise<NurseScheduleTeam> {
  const { from, to } = periodOf(q);
  const scope = await nurseScope(db, session);
  const page = await repo.teamPage(db, session.companyId, scope, { storeId: q.storeId, level: q.level, name: q.name }, q);
  const rows = await scheduleRows(db, session.companyId, page.rows, from, to);
  return {
    from,
    to,
    days: dateWindow(from, daysBetween(from, to) + 1),
    today: shanghaiDate(now),
    page: toPageResult(rows, page.total, q, page.capped),
    counts: countDayStates(rows),
  };
}

/** One nurse's month (any status; 404 outside the caller's scope). */
export async function nurseSchedule(db: Kysely<DB>, session: SessionInfo, q: NurseScheduleNurseQuery, now = new Date()): Promise<NurseScheduleNurse> {
  const { from, to } = monthBounds(q.month);
  const row = (await nurseVisibleTo(db, session, q.nurseId)) ? await repo.oneNurse(db, session.companyId, undefined, q.nurseId) : undefined;
  if (!row) throw new NotFound(NurseScheduleText.nurseNotFound);
  const [nurse] = await scheduleRows(db, session.companyId, [row], from, to);
  return { from, to, days: dateWindow(from, daysBetween(from, to) + 1), today: shanghaiDate(now), nurse: nurse!, counts: countDayStates([nurse!]) };
}

/**
 * 匹配月嫂: the nurses (not 离职) of the store in the caller's scope, their assignments over the period and
 * the 90 days before it (what spreads the work), their leave over the period → the pure matcher.
 */
export async function matchForPeriod(db: Kysely<DB>, session: SessionInfo, c: NurseMatchCriteriaValues, ai?: AiSettings): Promise<NurseMatchResult> {
  const companyId = session.companyId;
  const scope = await nurseScope(db, session);
  let nurses = await nursesForMatching(db, companyId, { storeId: c.storeId });
  if (scope) {
    const visible = await repo.inScope(db, companyId, scope, nurses.map((n) => n.id));
    nurses = nurses.filter((n) => visible.has(n.id));
  }
  const nurseIds = nurses.map((n) => n.id);
  const to = addDays(c.startDate, c.days);
  const since = addDays(c.startDate, -MATCH_WORKLOAD_DAYS);
  const [busy, leaves] = nurseIds.length
    ? await Promise.all([busyInPeriod(db, companyId, { nurseIds, from: since, to }), leavesInPeriod(db, companyId, { nurseIds, from: c.startDate, to })])
    : [[], []];
  const labels = await matchLabels(db);
  const outcome = matchNurses(c, { nurses, busy, leaves, workedDays: workedDaysIn(busy, since, c.startDate), labels });
  // The AI log explains the top candidates and records it (linked to the order when the criteria name one).
  const explanation = await explainMatch(db, ai, session, matchExplainInput(c, outcome, labels), c.orderId);
  return { ...outcome, explanation };
}

/** Why nurses were left out, in words without the nurse-specific details. */
const EXCLUDED_REASON: Record<string, string> = {
  left: '已离职',
  resting: '休息中',
  busy: '档期冲突',
  leave: '请假',
  level_below: '等级低于要求',
  over_budget: '超出预算',
  missing_skills: '缺少所需技能',
  health_cert: '健康证到期',
  insurance: '保险到期',
  service_type: '服务方式不符',
  practice_type: '从业类型不符',
};

/** What the AI log is given about a match: the criteria in words, the top candidates and their reasons, the rest counted. */
export function matchExplainInput(c: NurseMatchCriteriaValues, outcome: MatchOutcome, labels: MatchLabels): MatchExplainInput {
  const label = (kind: keyof MatchLabels, value: string) => labels[kind][value] ?? value;
  const criteria = [`${c.startDate} 起 ${c.days} 天`];
  if (c.serviceType) criteria.push(`服务方式「${label('serviceType', c.serviceType)}」`);
  if (c.practiceType) criteria.push(`从业类型「${label('practiceType', c.practiceType)}」`);
  if (c.minLevel) criteria.push(`最低等级「${label('level', c.minLevel)}」`);
  if (c.budget) criteria.push(`预算 ¥${c.budget}`);
  if (c.skills.length > 0) criteria.push(`技能：${c.skills.map((s) => label('skill', s)).join('、')}`);
  const counts = new Map<string, number>();
  for (const n of outcome.excluded) {
    for (const code of new Set(n.reasons.map((r) => r.code))) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return {
    criteria,
    period: outcome.period,
    candidateCount: outcome.candidates.length,
    candidates: outcome.candidates.slice(0, AI_MATCH_TOP).map((n) => ({ name: n.name, nurseNo: n.nurseNo, score: n.score, periodPrice: n.periodPrice, reasons: n.reasons.map((r) => ({ text: r.text, points: r.points })) })),
    excludedCount: outcome.excluded.length,
    excludedReasons: [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code, count]) => ({ reason: EXCLUDED_REASON[code] ?? code, count })),
  };
}

/** The dictionaries' labels as administrators keep them (cached), so the reasons read as the pages do. */
async function matchLabels(db: Kysely<DB>): Promise<MatchLabels> {
  const codes = [DictCode.nurseLevel, DictCode.nursePracticeType, DictCode.nurseServiceType, DictCode.nurseSkill];
  const [level, practiceType, serviceType, skill] = await Promise.all(codes.map(async (code) => Object.fromEntries(((await codeOptions(db, code)) ?? []).map((o) => [o.value, o.label]))));
  return { level: level!, practiceType: practiceType!, serviceType: serviceType!, skill: skill! };
}
