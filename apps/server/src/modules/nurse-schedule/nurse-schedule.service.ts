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
  type MatchLabels,
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
export async function matchForPeriod(db: Kysely<DB>, session: SessionInfo, c: NurseMatchCriteriaValues): Promise<NurseMatchResult> {
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
  return matchNurses(c, { nurses, busy, leaves, workedDays: workedDaysIn(busy, since, c.startDate), labels: await matchLabels(db) });
}

/** The dictionaries' labels as administrators keep them (cached), so the reasons read as the pages do. */
async function matchLabels(db: Kysely<DB>): Promise<MatchLabels> {
  const codes = [DictCode.nurseLevel, DictCode.nursePracticeType, DictCode.nurseServiceType, DictCode.nurseSkill];
  const [level, practiceType, serviceType, skill] = await Promise.all(codes.map(async (code) => Object.fromEntries(((await codeOptions(db, code)) ?? []).map((o) => [o.value, o.label]))));
  return { level: level!, practiceType: practiceType!, serviceType: serviceType!, skill: skill! };
}
