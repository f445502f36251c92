import { type Expression, type Kysely, type SqlBool } from 'kysely';
import { nurseAssignmentBusy, NurseAssignmentText, type NurseAssignmentStatus } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { nurseAssignmentScope } from './nurse-assignment.rules.js';
import * as repo from './nurse-assignment.repo.js';

// What 月嫂派工 (L1, docs/nurses.md) offers the modules above it: busy days, one assignment for their
// work, and its data rules. Reads only; the assignment's own moves are its routes'.

/** The trigger's 23P01 (detail: the assignment in the way) as the refusal a person reads. */
export function overlapRefusal(err: unknown): never {
  const e = err as { code?: string; detail?: string };
  if (e.code === '23P01') throw new BizError(NurseAssignmentText.overlap(e.detail ?? ''));
  throw err;
}

export interface BusyAssignment {
  nurseId: string;
  assignmentId: string;
  assignmentNo: string;
  status: NurseAssignmentStatus;
  /** First busy day. */
  from: string;
  /** Exclusive. */
  to: string;
  customerName: string;
}

/**
 * Live assignments whose busy days touch [from, to) (`to` exclusive; the busy rule of docs/nurses.md,
 * SQL nurse_assignment_busy), of the given nurses or all; company only, no data rule.
 */
export async function busyInPeriod(db: Kysely<DB> | Db, companyId: string, q: { nurseIds?: string[]; from: string; to: string }): Promise<BusyAssignment[]> {
  if (q.nurseIds && !q.nurseIds.length) return [];
  if (q.to <= q.from) return [];
  const rows = await repo.busyRows(db, companyId, q);
  return rows.flatMap((r) => {
    const busy = nurseAssignmentBusy({ status: r.status, startDate: r.start_date, endDate: r.end_date, actualStart: r.actual_start, actualEnd: r.actual_end });
    return busy ? [{ nurseId: r.nurse_id, assignmentId: r.id, assignmentNo: r.assignment_no, status: r.status, from: busy.from, to: busy.to, customerName: r.customer_name }] : [];
  });
}

export interface AssignmentForWork {
  id: string;
  assignmentNo: string;
  nurseId: string;
  customerId: string;
  orderId: string | null;
  storeId: string;
  serviceForm: string;
  startDate: string;
  /** Planned 下户 day, exclusive. */
  endDate: string;
  actualStart: string | null;
  actualEnd: string | null;
  /** numeric(14, 2) as a string. */
  dailyRate: string;
  status: NurseAssignmentStatus;
}

/** One assignment of the company (no data rule: the caller's own rules decide), optionally locked in the caller's transaction. */
export async function assignmentForWork(db: Kysely<DB> | Db, companyId: string, id: string, opts: { lock?: boolean } = {}): Promise<AssignmentForWork | undefined> {
  const r = await repo.workRow(db, companyId, id, opts.lock ?? false);
  if (!r) return undefined;
  return {
    id: r.id,
    assignmentNo: r.assignment_no,
    nurseId: r.nurse_id,
    customerId: r.customer_id,
    orderId: r.order_id,
    storeId: r.store_id,
    serviceForm: r.service_form,
    startDate: r.start_date,
    endDate: r.end_date,
    actualStart: r.actual_start,
    actualEnd: r.actual_end,
    dailyRate: r.daily_rate,
    status: r.status,
  };
}

/** 月嫂派工's data rules (by store …) as a filter on alias `r` of nurse_assignment, for modules listing per assignment. */
export function assignmentScope(db: Kysely<DB>, session: SessionInfo): Promise<Expression<SqlBool>> {
  return nurseAssignmentScope(db, session);
}
