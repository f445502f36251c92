import {
  expiryFlag,
  formatDateTime,
  MonthlyNurseText,
  nurseMachine,
  nurseMoveRefusal,
  type NurseCertificate,
  type NurseCertificateValues,
  type NurseEvent,
  type NurseLeave,
  type NurseLeaveValues,
  type NurseOwnProfile,
  type NurseStatus,
} from '@care/shared';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { assertMove, transition } from '../../platform/crud/transition.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { shanghaiDate } from '../../platform/time.js';
import * as repo from './monthly-nurse.repo.js';
import { monthlyNurseScope } from './monthly-nurse.rules.js';

// What this module offers the others (docs/nurses.md, "Monthly-nurse (L0)"). `trx` is the caller's
// transaction; none of these apply data rules: the caller's own rules decide what it may do.

/** A nurse as 派工, 档期, matching, evaluations and pay read her. */
export interface NurseForWork {
  id: string;
  nurseNo: string;
  name: string;
  phone: string;
  level: string;
  practiceType: string;
  serviceType: string;
  status: NurseStatus;
  storeId: string | null;
  /** numeric(14,2) as text. */
  price26Days: string;
  skills: string[];
  /** Mean overall score (2 decimals) as text, null before the first evaluation. */
  rating: string | null;
  ratingCount: number;
  healthCertExpiry: string | null;
  insuranceExpiry: string | null;
}

type WorkRow = NonNullable<Awaited<ReturnType<typeof repo.findNurseForWork>>>;
const toWork = (r: WorkRow): NurseForWork => ({
  id: r.id,
  nurseNo: r.nurse_no,
  name: r.name,
  phone: r.phone,
  level: r.level,
  practiceType: r.practice_type,
  serviceType: r.service_type,
  status: r.status,
  storeId: r.store_id,
  price26Days: r.price_26_days,
  skills: r.skills,
  rating: r.rating,
  ratingCount: r.rating_count,
  healthCertExpiry: r.health_cert_expiry,
  insuranceExpiry: r.insurance_expiry,
});

/** One nurse of the company (any status); `lock` takes her row FOR UPDATE in the caller's transaction. */
export async function nurseForWork(db: Db, companyId: string, nurseId: string, o: { lock?: boolean } = {}): Promise<NurseForWork | undefined> {
  const row = await repo.findNurseForWork(db, companyId, nurseId, o.lock === true);
  return row ? toWork(row) : undefined;
}

/** Every nurse not 离职 (with her status, so the matcher can say why one is left out), by nurse no. */
export async function nursesForMatching(db: Db, companyId: string, f: { storeId?: string; serviceType?: string; practiceType?: string } = {}): Promise<NurseForWork[]> {
  return (await repo.nursesForMatching(db, companyId, f)).map(toWork);
}

export interface LeaveInPeriod {
  nurseId: string;
  leaveId: string;
  startDate: string;
  /** Inclusive, as stored. */
  endDate: string;
  reason: string;
}

/** Leaves touching [from, to) (`to` exclusive; a leave's endDate inclusive), of `nurseIds` when given. */
export async function leavesInPeriod(db: Db, companyId: string, f: { nurseIds?: string[]; from: string; to: string }): Promise<LeaveInPeriod[]> {
  return (await repo.leavesInPeriod(db, companyId, f)).map((r) => ({ nurseId: r.nurse_id, leaveId: r.id, startDate: r.start_date, endDate: r.end_date, reason: r.reason }));
}

/**
 * 上户 (onDuty) moves a 在职 nurse to 上户中, 下户 moves her back to 在职; 休息 and 离职 are left alone,
 * as is a nurse already in the asked state. With `actorId` (the user acting) the move goes through
 * `transition` and is recorded in state_change; without one it is checked by the same machine and written.
 * Answers the status she has afterwards.
 */
export async function setNurseDuty(trx: Db, companyId: string, nurseId: string, onDuty: boolean, actorId?: string): Promise<NurseStatus> {
  const nurse = await repo.lockNurse(trx, companyId, nurseId);
  if (!nurse) throw new NotFound();
  const event: NurseEvent | undefined = onDuty ? (nurse.status === 'active' ? 'startDuty' : undefined) : nurse.status === 'on_duty' ? 'endDuty' : undefined;
  if (!event) return nurse.status;
  if (actorId) return (await transition(trx, { companyId, userId: actorId }, { machine: nurseMachine, table: 'monthly_nurse', id: nurseId, event })).to;
  const move = assertMove(nurseMachine, nurse.status, event);
  await repo.writeStatus(trx, companyId, nurseId, move.to);
  return move.to;
}

/** Her rating (the mean of her evaluations' overall scores, 2 decimals) and how many there are. */
export async function setNurseRating(trx: Db, companyId: string, nurseId: string, r: { rating: string | null; count: number }): Promise<void> {
  if (!(await repo.writeRating(trx, companyId, nurseId, r))) throw new NotFound();
}

// ---- certificates and leave (shared by the back office and the nurse's own page) --------------------

type CertRow = repo.CertificateRow;
export function toCertificate(r: CertRow, today = shanghaiDate()): NurseCertificate {
  return {
    id: r.id,
    nurseId: r.nurse_id,
    kind: r.kind,
    name: r.name,
    certNo: r.cert_no,
    issuedOn: r.issued_on,
    expiresOn: r.expires_on,
    image: r.image,
    flag: expiryFlag(r.expires_on, today),
    version: r.version,
    createdAt: formatDateTime(r.created_at),
  };
}

const DAY_MS = 86_400_000;
const leaveDays = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

export function toLeave(r: repo.LeaveRow): NurseLeave {
  return {
    id: r.id,
    nurseId: r.nurse_id,
    startDate: r.start_date,
    endDate: r.end_date,
    days: leaveDays(r.start_date, r.end_date),
    reason: r.reason,
    source: r.source,
    version: r.version,
    createdAt: formatDateTime(r.created_at),
  };
}

/** Adds or edits (with its version) one certificate of the nurse; one of another nurse is not found. */
export async function saveCertificate(
  trx: Db,
  actor: { companyId: string; userId: string | null },
  nurseId: string,
  values: NurseCertificateValues & { id?: string; version?: number },
): Promise<NurseCertificate> {
  const { id, version, ...v } = values;
  if (!id) {
    const newId = await repo.insertCertificate(trx, actor.companyId, actor.userId, nurseId, v);
    return toCertificate((await repo.findCertificate(trx, actor.companyId, newId))!);
  }
  const current = await repo.findCertificate(trx, actor.companyId, id, true);
  if (!current || current.nurse_id !== nurseId) throw new NotFound();
  if (version === undefined || current.version !== version) throw new StaleVersion();
  if (!(await repo.updateCertificate(trx, actor.companyId, actor.userId, { id, version }, v))) throw new StaleVersion();
  return toCertificate((await repo.findCertificate(trx, actor.companyId, id))!);
}

export async function removeCertificate(trx: Db, companyId: string, nurseId: string, certificateId: string): Promise<void> {
  const current = await repo.findCertificate(trx, companyId, certificateId, true);
  if (!current || current.nurse_id !== nurseId) throw new NotFound();
  await repo.deleteCertificate(trx, companyId, certificateId);
}

/**
 * Adds a leave under the nurse's row lock (concurrent adds wait for each other): refused when it
 * shares a day with another of hers. The caller has locked or found the nurse.
 */
export async function addLeave(trx: Db, actor: { companyId: string; userId: string | null }, nurseId: string, v: NurseLeaveValues, source: 'staff' | 'link'): Promise<NurseLeave> {
  if (v.endDate < v.startDate) throw new BizError(MonthlyNurseText.leaveBadPeriod);
  if (!(await repo.lockNurse(trx, actor.companyId, nurseId))) throw new NotFound();
  const clash = await repo.overlappingLeave(trx, actor.companyId, nurseId, v.startDate, v.endDate);
  if (clash) throw new BizError(MonthlyNurseText.leaveOverlaps(clash.start_date, clash.end_date));
  const id = await repo.insertLeave(trx, actor.companyId, actor.userId, nurseId, v, source);
  return toLeave((await repo.findLeave(trx, actor.companyId, id))!);
}

// ---- the nurse's own page (nurse-link calls these with the nurse its token names) -----------------

/** Her page: profile, certificates (with flags), leaves from today on, and the version to save with. */
export async function ownProfile(db: Db, companyId: string, nurseId: string): Promise<NurseOwnProfile> {
  const row = await repo.ownProfileRow(db, companyId, nurseId);
  if (!row) throw new NotFound();
  const today = shanghaiDate();
  return {
    id: row.id,
    nurseNo: row.nurse_no,
    name: row.name,
    phone: row.phone,
    photo: row.photo,
    level: row.level,
    status: row.status,
    healthCertExpiry: row.health_cert_expiry,
    insuranceExpiry: row.insurance_expiry,
    certificates: (await repo.certificatesOf(db, companyId, nurseId)).map((c) => toCertificate(c, today)),
    leaves: (await repo.leavesOf(db, companyId, nurseId, today)).map(toLeave),
    version: row.version,
  };
}

/** Her phone and photo, under the version her page read. */
export async function updateOwnContact(trx: Db, companyId: string, nurseId: string, v: { phone: string; photo: string; version: number }): Promise<{ version: number }> {
  const nurse = await repo.lockNurse(trx, companyId, nurseId);
  if (!nurse) throw new NotFound();
  if (nurse.version !== v.version) throw new StaleVersion();
  await repo.writeContact(trx, companyId, nurseId, { phone: v.phone, photo: v.photo });
  return { version: v.version + 1 };
}

export async function saveOwnCertificate(
  trx: Db,
  companyId: string,
  nurseId: string,
  v: NurseCertificateValues & { id?: string; version?: number },
): Promise<NurseCertificate> {
  if (!(await repo.lockNurse(trx, companyId, nurseId))) throw new NotFound();
  return saveCertificate(trx, { companyId, userId: null }, nurseId, v);
}

export function removeOwnCertificate(trx: Db, companyId: string, nurseId: string, certificateId: string): Promise<void> {
  return removeCertificate(trx, companyId, nurseId, certificateId);
}

export function addOwnLeave(trx: Db, companyId: string, nurseId: string, v: NurseLeaveValues): Promise<NurseLeave> {
  return addLeave(trx, { companyId, userId: null }, nurseId, v, 'link');
}

/** A leave of hers not yet begun (starting after today). */
export async function removeOwnLeave(trx: Db, companyId: string, nurseId: string, leaveId: string): Promise<void> {
  const leave = await repo.findLeave(trx, companyId, leaveId);
  if (!leave || leave.nurse_id !== nurseId) throw new NotFound();
  if (leave.start_date <= shanghaiDate()) throw new BizError(MonthlyNurseText.leaveStarted);
  await repo.deleteLeave(trx, companyId, leaveId);
}

/** Whether the session's 月嫂 data rules let it see the nurse (of its company). */
/** The caller's data scope of nurses (the 月嫂 menu's rules: store, level, status …) on alias `r`. */
export function nurseScope(db: Kysely<DB>, session: SessionInfo): Promise<Expression<SqlBool>> {
  return monthlyNurseScope(db, session);
}

export async function nurseVisibleTo(db: Kysely<DB>, session: SessionInfo, nurseId: string): Promise<boolean> {
  return Boolean(await repo.findNurse(db, session.companyId, nurseId, await monthlyNurseScope(db, session)));
}

/** The move's refusal in the product's words (上户中 cannot rest or leave), else none. */
export function assertNurseMove(from: NurseStatus, event: NurseEvent): void {
  const refusal = nurseMoveRefusal(from, event);
  if (refusal) throw new BizError(refusal);
}

