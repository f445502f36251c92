import type { Kysely } from 'kysely';
import { isFollowUpType, toPageResult, WORK_TYPES, type PageResult, type WorkGroup, type WorkItem, type WorkplaceOverview, type WorkType } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { ModuleGate } from '../../platform/auth/module-gate.js';
import type { WorkItemSource, WorkplaceStays, WorkReadContext } from '../../platform/crud/work-items.js';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDate } from '../../platform/time.js';
import { mayAct } from '../customer/customer.rules.js';
import type { ServerModule } from '../module.js';

export interface WorkplaceDeps {
  db: Kysely<DB>;
  moduleGate: ModuleGate;
  /** The app's modules: each declares the kinds of work it offers (`workplace` in its manifest). */
  modules: readonly ServerModule[];
  now?: () => Date;
}

/** Whether the caller holds `action` and its module is switched on for the caller. */
async function holds(deps: WorkplaceDeps, session: SessionInfo, action: string): Promise<boolean> {
  if (!(await mayAct(deps.db, session, action))) return false;
  return !(await deps.moduleGate.blocks(action, session.companyId, session.userId, session.accessVersion));
}

/**
 * The sources of work the caller may see, in the order 任务 lists them (`WORK_TYPES`), with what they
 * read with: each is its module's declared source, read with that module's data rules.
 */
async function sourcesOf(deps: WorkplaceDeps, session: SessionInfo): Promise<{ ctx: WorkReadContext; sources: WorkItemSource[]; stays?: WorkplaceStays }> {
  const now = deps.now?.() ?? new Date();
  const declared = deps.modules.flatMap((m) => m.workplace?.items ?? []);
  const stays = deps.modules.find((m) => m.workplace?.stays)?.workplace?.stays;
  const actions = [...new Set([...declared.flatMap((s) => s.actions), ...(stays ? [stays.action] : [])])];
  const allowed = await Promise.all(actions.map((a) => holds(deps, session, a)));
  const held = new Set(actions.filter((_, i) => allowed[i]));
  const order = (type: WorkType) => WORK_TYPES.indexOf(type);
  return {
    ctx: { db: deps.db, session, today: shanghaiDate(now), now, held },
    sources: declared.filter((s) => s.actions.some((a) => held.has(a))).sort((a, b) => order(a.type) - order(b.type)),
    stays: stays && held.has(stays.action) ? stays : undefined,
  };
}

const FIRST_ROWS = 5;

/** 工作台: follow-ups due and approvals waiting (count + first rows of each kind), today's check-ins and check-outs. */
export async function workplaceOverview(deps: WorkplaceDeps, session: SessionInfo): Promise<WorkplaceOverview> {
  const { ctx, sources, stays } = await sourcesOf(deps, session);
  const read = await Promise.all(sources.map(async (source) => ({ type: source.type, ...(await source.read(ctx, { offset: 0, limit: FIRST_ROWS })) })));
  const group = (r: (typeof read)[number]): WorkGroup => ({ type: r.type, count: r.total, rows: r.rows });
  const followUps = read.filter((r) => isFollowUpType(r.type));
  const approvals = read.filter((r) => !isFollowUpType(r.type));
  return {
    today: ctx.today,
    followUps: { total: sum(followUps.map((r) => r.total)), overdue: sum(followUps.map((r) => r.overdue ?? 0)), groups: followUps.map(group) },
    approvals: { total: sum(approvals.map((r) => r.total)), groups: approvals.map(group) },
    stays: stays ? await stays.read(ctx) : null,
  };
}

/**
 * 任务: the caller's follow-ups due and approvals as one paged list (follow-ups first, then each kind of
 * approval), optionally one kind only. Each source is counted, and only the sources the page overlaps read rows.
 */
export async function workTasks(deps: WorkplaceDeps, session: SessionInfo, q: { pageNo: number; pageSize: number; type?: WorkType }): Promise<PageResult<WorkItem>> {
  const { ctx, sources: all } = await sourcesOf(deps, session);
  const sources = all.filter((s) => !q.type || s.type === q.type);
  const totals = await Promise.all(sources.map(async (source) => (await source.read(ctx, { offset: 0, limit: 0 })).total));
  let offset = (q.pageNo - 1) * q.pageSize;
  let wanted = q.pageSize;
  const records: WorkItem[] = [];
  for (let i = 0; i < sources.length && wanted > 0; i++) {
    const total = totals[i]!;
    if (offset >= total) {
      offset -= total;
      continue;
    }
    const { rows } = await sources[i]!.read(ctx, { offset, limit: Math.min(wanted, total - offset) });
    records.push(...rows);
    wanted -= rows.length;
    offset = 0;
  }
  return toPageResult(records, sum(totals), q);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
