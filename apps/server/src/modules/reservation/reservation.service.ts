import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  EXPORT_MAX_ROWS,
  formatDateTime,
  NumberRuleCode,
  ReservationText,
  toPageResult,
  type PageResult,
  type Reservation,
  type ReservationAction,
  type ReservationCalendarQuery,
  type ReservationCancel,
  type ReservationCreate,
  type ReservationEdit,
  type ReservationListQuery,
  type VisitEvent,
  visitMachine,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { activeCompanyUser } from '../../platform/db/company-users.js';
import type { DB } from '../../platform/db/schema.js';
import { transition } from '../../platform/crud/transition.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { nextNumber } from '../number-rule/index.js';
import { enabledStoreExists } from '../store/store.service.js';
import { lockVisibleCustomer } from '../customer/customer.service.js';
import { recordVisitBooked } from '../lead/lead.service.js';
import { shanghaiInstant } from '../../platform/time.js';
import * as repo from './reservation.repo.js';
import { reservationScope } from './reservation.rules.js';
import { recordMapper } from '../../platform/db/records.js';

export async function pageReservations(db: Kysely<DB>, session: SessionInfo, q: ReservationListQuery): Promise<PageResult<Reservation>> {
  const { rows, total } = await repo.pageReservations(db, session.companyId, await reservationScope(db, session), q);
  return toPageResult(rows.map(toReservation), total, q);
}

/** The list's rows for the Excel export (same filters, order and rules; at most EXPORT_MAX_ROWS). */
export async function exportReservations(db: Kysely<DB>, session: SessionInfo, q: ReservationListQuery): Promise<Reservation[]> {
  return (await repo.exportReservations(db, session.companyId, await reservationScope(db, session), q, EXPORT_MAX_ROWS)).map(toReservation);
}

/** The calendar (a day or a week): every visit of the range the caller can see, oldest first. */
export async function calendar(db: Kysely<DB>, session: SessionInfo, q: ReservationCalendarQuery): Promise<Reservation[]> {
  return (await repo.calendar(db, session.companyId, await reservationScope(db, session), q)).map(toReservation);
}

export async function getReservation(db: Kysely<DB>, session: SessionInfo, id: string): Promise<Reservation> {
  const row = await repo.findReservation(db, session.companyId, await reservationScope(db, session), id);
  if (!row) throw new NotFound();
  return toReservation(row);
}

/** For the customer's 360 page (the caller already passed the customer's rules). */
export async function latestReservationsOfCustomer(db: Kysely<DB>, companyId: string, customerId: string, limit: number): Promise<Reservation[]> {
  return (await repo.ofCustomer(db, companyId, customerId, limit)).map(toReservation);
}

/**
 * 预约参观 for a lead (visible to the caller; moves it to 已预约参观 in the same transaction) or a
 * customer (visible to the caller). The visit's consultant is the lead's or customer's owner.
 */
export async function addVisit(db: Kysely<DB>, session: SessionInfo, input: ReservationCreate): Promise<Reservation> {
  const values = await checkValues(db, session, input);
  const id = await db.transaction().execute(async (trx) => {
    let ownerId: string | null;
    if (input.leadId) ownerId = (await recordVisitBooked(trx, session, input.leadId)).ownerId;
    else ownerId = (await lockVisibleCustomer(trx, session, input.customerId!)).owner_id;
    const pending = await repo.pendingVisitOf(trx, session.companyId, input);
    if (pending) throw new BizError(ReservationText.pendingExists(pending.reservation_no, formatDateTime(pending.at!)));
    const reservationNo = await nextNumber(trx, NumberRuleCode.reservation);
    return repo.insertVisit(trx, session.companyId, session.userId, reservationNo, { leadId: input.leadId, customerId: input.customerId, ownerId: ownerId ?? session.userId }, values);
  });
  return getVisible(db, session, id);
}

/** Reschedules a 待到店 visit. */
export async function editVisit(db: Kysely<DB>, session: SessionInfo, input: ReservationEdit): Promise<Reservation> {
  const values = await checkValues(db, session, input);
  await db.transaction().execute(async (trx) => {
    await lockForEdit(trx, session, input);
    if (!(await repo.updateVisit(trx, session.companyId, session.userId, input.id, input.version, values))) throw new StaleVersion();
  });
  return getVisible(db, session, input.id);
}

export function arriveVisit(db: Kysely<DB>, session: SessionInfo, input: ReservationAction): Promise<Reservation> {
  return closeVisit(db, session, input, 'arrive', null);
}

/** 未到店: refused before the visit time. */
export function noShowVisit(db: Kysely<DB>, session: SessionInfo, input: ReservationAction): Promise<Reservation> {
  return closeVisit(db, session, input, 'noShow', null);
}

export function cancelVisit(db: Kysely<DB>, session: SessionInfo, input: ReservationCancel): Promise<Reservation> {
  return closeVisit(db, session, input, 'cancel', input.reason || null);
}

async function closeVisit(db: Kysely<DB>, session: SessionInfo, input: ReservationAction, event: VisitEvent, reason: string | null): Promise<Reservation> {
  await db.transaction().execute(async (trx) => {
    await transition(trx, session, {
      machine: visitMachine,
      table: 'reservation',
      id: input.id,
      event,
      version: input.version,
      // A visit's moves never touch a room hold (its own module moves it with its stay and deposit).
      scope: sql<SqlBool>`r.kind = 'visit' and ${await reservationScope(trx, session)}`,
      reason: reason ?? undefined,
      set: async () => {
        if (event === 'noShow') {
          const row = await repo.lockReservation(trx, session.companyId, sql<SqlBool>`true`, input.id);
          if (row?.at && row.at.getTime() > Date.now()) throw new BizError(ReservationText.notYet);
        }
        return { cancel_reason: reason, closed_at: new Date() };
      },
    });
  });
  return getVisible(db, session, input.id);
}

async function lockForEdit(trx: Kysely<DB>, session: SessionInfo, input: ReservationAction): Promise<void> {
  const row = await repo.lockReservation(trx, session.companyId, await reservationScope(trx, session), input.id);
  if (!row) throw new NotFound();
  if (row.version !== input.version) throw new StaleVersion();
  const move = visitMachine.move(row.status, 'edit');
  if (!move.ok) throw new BizError(move.message);
}

async function checkValues(db: Kysely<DB>, session: SessionInfo, input: Omit<ReservationEdit, 'id' | 'version'>): Promise<repo.VisitValues> {
  if (!(await enabledStoreExists(db, session.companyId, input.storeId))) throw new BizError(ReservationText.storeMissing);
  if (input.receptionistId && !(await activeCompanyUser(db, session.companyId, input.receptionistId))) throw new BizError(ReservationText.receptionistMissing);
  const at = shanghaiInstant(input.at);
  if (at.getTime() < Date.now()) throw new BizError(ReservationText.past);
  return { storeId: input.storeId, at, visitors: input.visitors, receptionistId: input.receptionistId, remark: input.remark };
}

// The row the caller just booked or changed (it passed their rules, or was booked for a lead or
// customer they can see — a 店长 may book at a store outside their own), read back without rules.
async function getVisible(db: Kysely<DB>, session: SessionInfo, id: string): Promise<Reservation> {
  const row = await repo.findReservation(db, session.companyId, sql<SqlBool>`true`, id);
  if (!row) throw new NotFound();
  return toReservation(row);
}

const toReservation = recordMapper<Reservation>();
