import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';
import { writeVersioned } from '../../platform/db/company-rows.js';
import type { NurseCertificateValues, NurseLeaveValues, NurseStatus } from '@care/shared';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- writeVersioned takes any table
type AnyDb = Kysely<Record<string, any>>;

export const workColumns = [
  'n.id',
  'n.nurse_no',
  'n.name',
  'n.phone',
  'n.level',
  'n.practice_type',
  'n.service_type',
  'n.status',
  'n.store_id',
  'n.price_26_days',
  'n.skills',
  'n.rating',
  'n.rating_count',
  'n.health_cert_expiry',
  'n.insurance_expiry',
] as const;

export function findNurseForWork(db: Db, companyId: string, id: string, lock = false) {
  let query = db.selectFrom('monthly_nurse as n').select(workColumns).where('n.company_id', '=', companyId).where('n.id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function nursesForMatching(db: Db, companyId: string, f: { storeId?: string; serviceType?: string; practiceType?: string }) {
  let query = db.selectFrom('monthly_nurse as n').select(workColumns).where('n.company_id', '=', companyId).where('n.status', '<>', 'left');
  if (f.storeId) query = query.where('n.store_id', '=', f.storeId);
  if (f.serviceType) query = query.where('n.service_type', '=', f.serviceType);
  if (f.practiceType) query = query.where('n.practice_type', '=', f.practiceType);
  return query.orderBy('n.nurse_no').execute();
}

/** The nurse row under a lock (what serialises her leave and certificate writes), in `scope` (alias `r`) when given. */
export function lockNurse(db: Db, companyId: string, id: string, scope?: Expression<SqlBool>) {
  let query = db.selectFrom('monthly_nurse as r').select(['r.id', 'r.status', 'r.version', 'r.store_id']).where('r.company_id', '=', companyId).where('r.id', '=', id);
  if (scope) query = query.where(scope);
  return query.forUpdate().executeTakeFirst();
}

export function findNurse(db: Db, companyId: string, id: string, scope?: Expression<SqlBool>) {
  let query = db.selectFrom('monthly_nurse as r').select(['r.id', 'r.status', 'r.version', 'r.store_id']).where('r.company_id', '=', companyId).where('r.id', '=', id);
  if (scope) query = query.where(scope);
  return query.executeTakeFirst();
}

export function ownProfileRow(db: Db, companyId: string, id: string) {
  return db
    .selectFrom('monthly_nurse')
    .select(['id', 'nurse_no', 'name', 'phone', 'photo', 'level', 'status', 'health_cert_expiry', 'insurance_expiry', 'version'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- certificates ---------------------------------------------------------------------------------

const certColumns = ['id', 'nurse_id', 'kind', 'name', 'cert_no', 'issued_on', 'expires_on', 'image', 'version', 'created_at'] as const;

export function certificatesOf(db: Db, companyId: string, nurseId: string) {
  return db.selectFrom('nurse_certificate').select(certColumns).where('company_id', '=', companyId).where('nurse_id', '=', nurseId).orderBy('created_at').orderBy('id').execute();
}

export function findCertificate(db: Db, companyId: string, id: string, lock = false) {
  let query = db.selectFrom('nurse_certificate').select(certColumns).where('company_id', '=', companyId).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export type CertificateRow = NonNullable<Awaited<ReturnType<typeof findCertificate>>>;

const certValues = (v: NurseCertificateValues) => ({ kind: v.kind, name: v.name, cert_no: v.certNo, issued_on: v.issuedOn, expires_on: v.expiresOn, image: v.image });

export async function insertCertificate(db: Db, companyId: string, userId: string | null, nurseId: string, v: NurseCertificateValues): Promise<string> {
  const row = await db
    .insertInto('nurse_certificate')
    .values({ company_id: companyId, nurse_id: nurseId, ...certValues(v), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The optimistic-lock write. */
export function updateCertificate(db: Db, companyId: string, userId: string | null, key: { id: string; version: number }, v: NurseCertificateValues) {
  return writeVersioned(db as unknown as AnyDb, 'nurse_certificate', { ...key, companyId, userId: userId as string }, certValues(v));
}

export async function deleteCertificate(db: Db, companyId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('nurse_certificate').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Certificates of the nurses with an expiry on or before `until` (the flags of a page of nurses). */
export function expiringCertificates(db: Db, companyId: string, nurseIds: string[], until: string) {
  if (nurseIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('nurse_certificate')
    .select(['nurse_id', 'kind', 'name', 'expires_on'])
    .where('company_id', '=', companyId)
    .where('nurse_id', 'in', nurseIds)
    .where('expires_on', 'is not', null)
    .where('expires_on', '<=', until)
    .orderBy('expires_on')
    .execute();
}

// ---- leave ----------------------------------------------------------------------------------------

const leaveColumns = ['id', 'nurse_id', 'start_date', 'end_date', 'reason', 'source', 'version', 'created_at'] as const;

/** A nurse's leaves (ending on or after `from` when given), earliest first. */
export function leavesOf(db: Db, companyId: string, nurseId: string, from?: string) {
  let query = db.selectFrom('nurse_leave').select(leaveColumns).where('company_id', '=', companyId).where('nurse_id', '=', nurseId);
  if (from) query = query.where('end_date', '>=', from);
  return query.orderBy('start_date').orderBy('id').execute();
}

export function findLeave(db: Db, companyId: string, id: string) {
  return db.selectFrom('nurse_leave').select(leaveColumns).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

export type LeaveRow = NonNullable<Awaited<ReturnType<typeof findLeave>>>;

/** A leave of the nurse sharing a day with [start, end] (both inclusive). */
export function overlappingLeave(db: Db, companyId: string, nurseId: string, start: string, end: string) {
  return db
    .selectFrom('nurse_leave')
    .select(['start_date', 'end_date'])
    .where('company_id', '=', companyId)
    .where('nurse_id', '=', nurseId)
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
    .orderBy('start_date')
    .limit(1)
    .executeTakeFirst();
}

export async function insertLeave(db: Db, companyId: string, userId: string | null, nurseId: string, v: NurseLeaveValues, source: 'staff' | 'link'): Promise<string> {
  const row = await db
    .insertInto('nurse_leave')
    .values({ company_id: companyId, nurse_id: nurseId, start_date: v.startDate, end_date: v.endDate, reason: v.reason, source, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteLeave(db: Db, companyId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('nurse_leave').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Leaves touching [from, to) (`to` exclusive; a leave's end inclusive). */
export function leavesInPeriod(db: Db, companyId: string, f: { nurseIds?: string[]; from: string; to: string }) {
  let query = db
    .selectFrom('nurse_leave')
    .select(['nurse_id', 'id', 'start_date', 'end_date', 'reason'])
    .where('company_id', '=', companyId)
    .where('start_date', '<', f.to)
    .where('end_date', '>=', f.from);
  if (f.nurseIds) {
    if (f.nurseIds.length === 0) return Promise.resolve([]);
    query = query.where('nurse_id', 'in', f.nurseIds);
  }
  return query.orderBy('nurse_id').orderBy('start_date').execute();
}

// ---- list filters (on the kit's alias `r`) ---------------------------------------------------------

/** 证件预警: a health certificate, insurance or certificate expired (before `today`) or expiring (to `until`). */
export function expiryFilter(which: 'any' | 'expired' | 'expiring', today: string, until: string): Expression<SqlBool> {
  const hit = (column: Expression<string | null>) =>
    which === 'expired' ? sql<SqlBool>`${column} < ${today}` : which === 'expiring' ? sql<SqlBool>`${column} between ${today} and ${until}` : sql<SqlBool>`${column} <= ${until}`;
  return sql<SqlBool>`(${hit(sql.ref('r.health_cert_expiry'))} or ${hit(sql.ref('r.insurance_expiry'))}
    or exists (select 1 from nurse_certificate c where c.nurse_id = r.id and ${hit(sql.ref('c.expires_on'))}))`;
}

export const skillFilter = (skill: string): Expression<SqlBool> => sql<SqlBool>`${skill} = any(r.skills)`;

export async function storeNames(db: Db, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('store').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A status move already checked by the nurse machine (no actor: not a user's edit, so no audit user). */
export async function writeStatus(db: Db, companyId: string, id: string, status: NurseStatus): Promise<void> {
  await db.updateTable('monthly_nurse').set({ status, updated_at: new Date(), version: sql<number>`version + 1` }).where('id', '=', id).where('company_id', '=', companyId).execute();
}

/** Her rating and evaluation count (derived from the evaluations: not an edit, so the version stays). */
export async function writeRating(db: Db, companyId: string, id: string, r: { rating: string | null; count: number }): Promise<boolean> {
  const result = await db.updateTable('monthly_nurse').set({ rating: r.rating, rating_count: r.count, updated_at: new Date() }).where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Her phone and photo from her own page (the caller has locked the row and checked its version). */
export async function writeContact(db: Db, companyId: string, id: string, v: { phone: string; photo: string }): Promise<void> {
  await db.updateTable('monthly_nurse').set({ ...v, updated_at: new Date(), version: sql<number>`version + 1` }).where('id', '=', id).where('company_id', '=', companyId).execute();
}
