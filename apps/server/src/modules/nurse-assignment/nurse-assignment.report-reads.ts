import { sql, type Kysely } from 'kysely';
import { toPageResult, type PageResult } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { shanghaiTodaySql } from '../../platform/time.js';

// Read-only nurse work for the 报表 module (月嫂报表): days on assignment, leave, earnings and rating per
// nurse over a period. Days on assignment are the days of 服务中 / 已完成 assignments (actual 上户 to
// actual 下户, else the planned ones — up to today while 服务中; the 下户 day not counted) that fall in the period; earnings those
// days × the assignment's daily rate; available days the period's days less the nurse's leave days.

export interface NurseReportFilter {
  companyId: string;
  storeIds: readonly string[] | null;
  storeId?: string | undefined;
  from: string;
  to: string;
  keyword?: string | undefined;
}

export interface NurseReportRow {
  id: string;
  nurseNo: string;
  name: string;
  level: string;
  status: string;
  storeName: string | null;
  daysServed: number;
  leaveDays: number;
  earnings: string;
  rating: string | null;
  ratingCount: number;
}

/** Days of assignment `a` in [from, to]: an assignment still 服务中 counts up to today, not its planned 下户. */
const overlap = (from: string, to: string) =>
  sql<string>`greatest(0, least(coalesce(a.actual_end, case when a.status = 'in_service' then least(a.end_date, ${shanghaiTodaySql} + 1) else a.end_date end), ${to}::date + 1) - greatest(coalesce(a.actual_start, a.start_date), ${from}::date))`;

function nurses(db: Kysely<DB>, f: NurseReportFilter) {
  let q = db.selectFrom('monthly_nurse as n').where('n.company_id', '=', f.companyId).where('n.status', '<>', 'left');
  if (f.storeIds) q = f.storeIds.length ? q.where('n.store_id', 'in', [...f.storeIds]) : q.where(sql<boolean>`false`);
  if (f.storeId) q = q.where('n.store_id', '=', f.storeId);
  if (f.keyword?.trim()) {
    const k = f.keyword.trim();
    q = q.where((eb) => eb.or([eb('n.name', 'like', `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), eb('n.nurse_no', '=', k)]));
  }
  return q;
}

const served = (f: NurseReportFilter) =>
  sql<string>`coalesce((select sum(${overlap(f.from, f.to)}) from nurse_assignment a where a.nurse_id = n.id and a.status in ('in_service', 'completed')), 0)`;
const earned = (f: NurseReportFilter) =>
  sql<string>`coalesce((select sum(${overlap(f.from, f.to)} * a.daily_rate) from nurse_assignment a where a.nurse_id = n.id and a.status in ('in_service', 'completed')), 0)`;
const leave = (f: NurseReportFilter) =>
  sql<string>`coalesce((select sum(greatest(0, least(l.end_date, ${f.to}::date) - greatest(l.start_date, ${f.from}::date) + 1)) from nurse_leave l where l.nurse_id = n.id), 0)`;

function rows(db: Kysely<DB>, f: NurseReportFilter) {
  return nurses(db, f)
    .leftJoin('store as st', 'st.id', 'n.store_id')
    .select(['n.id', 'n.nurse_no', 'n.name', 'n.level', 'n.status', 'st.name as store_name', 'n.rating', 'n.rating_count', served(f).as('served'), earned(f).as('earned'), leave(f).as('leave')])
    .orderBy('n.nurse_no')
    .orderBy('n.id');
}

type Raw = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];
const toRow = (r: Raw): NurseReportRow => ({
  id: r.id,
  nurseNo: r.nurse_no,
  name: r.name,
  level: r.level,
  status: r.status,
  storeName: r.store_name,
  daysServed: Number(r.served),
  leaveDays: Number(r.leave),
  earnings: (Math.round(Number(r.earned) * 100) / 100).toFixed(2),
  rating: r.rating === null ? null : Number(r.rating).toFixed(1),
  ratingCount: r.rating_count,
});

export async function nurseReportPage(db: Kysely<DB>, f: NurseReportFilter, page: { pageNo: number; pageSize: number }): Promise<PageResult<NurseReportRow>> {
  const found = await pageWithCappedCount(db, rows(db, f), nurses(db, f), page);
  return toPageResult(found.rows.map(toRow), found.total, page, found.capped);
}

export async function nurseReportAll(db: Kysely<DB>, f: NurseReportFilter): Promise<NurseReportRow[]> {
  return (await rows(db, f).limit(10_000).execute()).map(toRow);
}

/** Totals over every nurse of the filter. */
export async function nurseReportTotals(db: Kysely<DB>, f: NurseReportFilter): Promise<{ nurses: number; daysServed: number; leaveDays: number; earnings: string }> {
  const r = await nurses(db, f)
    .select([sql<string>`count(*)`.as('nurses'), sql<string>`coalesce(sum(${served(f)}), 0)`.as('served'), sql<string>`coalesce(sum(${earned(f)}), 0)`.as('earned'), sql<string>`coalesce(sum(${leave(f)}), 0)`.as('leave')])
    .executeTakeFirstOrThrow();
  return { nurses: Number(r.nurses), daysServed: Number(r.served), leaveDays: Number(r.leave), earnings: (Math.round(Number(r.earned) * 100) / 100).toFixed(2) };
}

export interface AssignmentDrillRow {
  id: string;
  no: string;
  day: string;
  customerName: string | null;
  storeName: string | null;
  label: string;
  amount: string;
  quantity: number;
}

/** The assignments behind a nurse's figures: 服务中 / 已完成 ones with days in the period. */
export async function nurseAssignmentDrill(db: Kysely<DB>, f: NurseReportFilter & { nurseId: string }, page: { pageNo: number; pageSize: number }): Promise<PageResult<AssignmentDrillRow>> {
  let nurse = db.selectFrom('monthly_nurse as n').select('n.id').where('n.company_id', '=', f.companyId).where('n.id', '=', f.nurseId);
  if (f.storeIds) nurse = f.storeIds.length ? nurse.where('n.store_id', 'in', [...f.storeIds]) : nurse.where(sql<boolean>`false`);
  const matches = db
    .selectFrom('nurse_assignment as a')
    .where('a.company_id', '=', f.companyId)
    .where('a.nurse_id', 'in', nurse)
    .where('a.status', 'in', ['in_service', 'completed'])
    .where(sql<boolean>`${overlap(f.from, f.to)} > 0`);
  const list = matches
    .leftJoin('customer as cu', 'cu.id', 'a.customer_id')
    .leftJoin('store as st', 'st.id', 'a.store_id')
    .select(['a.id', 'a.assignment_no', 'a.start_date', 'a.actual_start', 'a.daily_rate', 'cu.name as customer_name', 'st.name as store_name', 'a.service_form', overlap(f.from, f.to).as('days')])
    .orderBy('a.start_date')
    .orderBy('a.id');
  const found = await pageWithCappedCount(db, list, matches, page);
  return toPageResult(
    found.rows.map((r) => ({
      id: r.id,
      no: r.assignment_no,
      day: r.actual_start ?? r.start_date,
      customerName: r.customer_name,
      storeName: r.store_name,
      label: r.service_form,
      quantity: Number(r.days),
      amount: (Math.round(Number(r.days) * Number(r.daily_rate) * 100) / 100).toFixed(2),
    })),
    found.total,
    page,
    found.capped,
  );
}
