import { sql, type Kysely } from 'kysely';
import {
  EXPIRY_FLAG_LABELS,
  expiryFlag,
  expiryWarningUntil,
  maskIdNo,
  MonthlyNurseText,
  NumberRuleCode,
  nurseMachine,
  toPageResult,
  worseFlag,
  type ExpiryFlag,
  type MonthlyNurse,
  type MonthlyNurseListQuery,
  type NurseCertificate,
  type NurseCertificateValues,
  type NurseExpiryItem,
  type NurseLeave,
  type NurseLeaveValues,
  type NurseManualEvent,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db, Scope } from '../../platform/crud/crud-repo.js';
import type { CrudOptions, CrudService } from '../../platform/crud/crud-service.js';
import { transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound } from '../../platform/errors.js';
import { shanghaiDate } from '../../platform/time.js';
import { dictLabeler } from '../dict/dict.service.js';
import { nextNumber } from '../number-rule/number-rule.service.js';
import { enabledStoreExists } from '../store/store.service.js';
import * as repo from './monthly-nurse.repo.js';
import { monthlyNurseScope } from './monthly-nurse.rules.js';
import { addLeave, assertNurseMove, removeCertificate, saveCertificate, toCertificate, toLeave } from './monthly-nurse.service.js';

// The back office's actions on nurses (the routes): the kit's options, the list with its 证件预警 and
// skill filters, status moves, certificates and leave — each in the caller's data scope.

const EXPIRY_NAMES = { health: '健康证', insurance: '保险' } as const;

/** The records' store names, expiry flags (computed for today) and masked ID numbers. */
export async function enrichNurses(db: Db, session: SessionInfo, records: Record<string, unknown>[], today = shanghaiDate()): Promise<Record<string, unknown>[]> {
  const until = expiryWarningUntil(today);
  const ids = records.map((r) => r.id as string);
  const [names, certs] = await Promise.all([
    repo.storeNames(db, session.companyId, [...new Set(records.map((r) => r.storeId as string | null).filter((s): s is string => Boolean(s)))]),
    repo.expiringCertificates(db, session.companyId, ids, until),
  ]);
  const certLabel = certs.length ? await dictLabeler(db as Kysely<DB>, 'nurse_certificate') : (v: string | null | undefined) => v ?? '';
  return records.map((r) => {
    const items: NurseExpiryItem[] = [];
    const push = (kind: NurseExpiryItem['kind'], name: string, expiresOn: string | null) => {
      const flag = expiryFlag(expiresOn, today);
      if (flag && expiresOn) items.push({ kind, name, expiresOn, flag });
    };
    push('health', EXPIRY_NAMES.health, r.healthCertExpiry as string | null);
    push('insurance', EXPIRY_NAMES.insurance, r.insuranceExpiry as string | null);
    // The 健康证 kept as a certificate too is flagged once.
    for (const c of certs) if (c.nurse_id === r.id && !(c.kind === 'health' && c.expires_on === r.healthCertExpiry)) push('certificate', c.name || certLabel(c.kind), c.expires_on);
    const worst = items.reduce<ExpiryFlag | null>((w, i) => worseFlag(w, i.flag), null);
    const idNo = r.idNo as string | null;
    return { ...r, idNo: maskIdNo(idNo), idNoMasked: Boolean(idNo), storeName: names.get(r.storeId as string) ?? '', expiryItems: items, expiryFlag: worst };
  });
}

/** The kit's options: number on add, the store an enabled one within the caller's rules, idNo unique, records enriched. */
export const nurseCrudOptions: CrudOptions = {
  unique: [{ field: 'idNo', message: MonthlyNurseText.idNoTaken }],
  scope: monthlyNurseScope,
  beforeWrite: async (trx, session, values, current) => {
    // A masked number sent back unchanged keeps the stored one.
    if (current && values.idNo !== undefined && values.idNo !== null && values.idNo === maskIdNo(current.idNo as string | null)) delete values.idNo;
    const storeId = values.storeId as string | undefined;
    if (storeId && storeId !== current?.storeId && !(await enabledStoreExists(trx as Kysely<DB>, session.companyId, storeId))) throw new BizError(MonthlyNurseText.storeMissing);
    if (!current) values.nurseNo = await nextNumber(trx as Kysely<DB>, NumberRuleCode.nurse);
  },
  // A nurse saved into a store the caller's rules hide is refused with the write undone.
  afterWrite: async (trx, session, id) => {
    if (!(await repo.findNurse(trx, session.companyId, id, await monthlyNurseScope(trx as Kysely<DB>, session)))) throw new BizError(MonthlyNurseText.outOfScope);
  },
  enrich: (db, session, records) => enrichNurses(db, session, records),
};

/** The list's extra filters on the kit's alias: 证件预警 and a skill. */
function listFilter(q: Partial<MonthlyNurseListQuery>, scope: Scope): Scope {
  const terms: Scope[] = [scope];
  const today = shanghaiDate();
  if (q.expiry) terms.push(repo.expiryFilter(q.expiry, today, expiryWarningUntil(today)));
  if (q.skill) terms.push(repo.skillFilter(q.skill));
  return sql`(${sql.join(terms, sql` and `)})`;
}

export async function listNurses(db: Kysely<DB>, crud: CrudService, session: SessionInfo, q: MonthlyNurseListQuery): Promise<PageResult<Record<string, unknown>>> {
  const page = await crud.repo.page(db, session, q, listFilter(q, await monthlyNurseScope(db, session)));
  return toPageResult(await enrichNurses(db, session, page.rows), page.total, q, page.capped);
}

/** The export's rows: the list's filters, dictionaries and flags as text. */
export async function exportNurses(db: Kysely<DB>, crud: CrudService, session: SessionInfo, q: Partial<MonthlyNurseListQuery>) {
  const rows = await enrichNurses(db, session, await crud.repo.all(db, session, q, 10_000, listFilter(q, await monthlyNurseScope(db, session))));
  const labels = await Promise.all(['nurse_level', 'nurse_practice_type', 'nurse_service_type', 'nurse_employment', 'nurse_skill', 'nurse_status'].map((c) => dictLabeler(db, c)));
  const [level, practice, service, employment, skill, status] = labels as [(v: string) => string, (v: string) => string, (v: string) => string, (v: string) => string, (v: string) => string, (v: string) => string];
  return rows.map((r) => ({
    ...r,
    level: level(r.level as string),
    practiceType: practice(r.practiceType as string),
    serviceType: service(r.serviceType as string),
    employment: employment(r.employment as string),
    status: status(r.status as string),
    skills: (r.skills as string[]).map(skill).join('、'),
    expiry: (r.expiryItems as NurseExpiryItem[]).map((i) => `${i.name}${EXPIRY_FLAG_LABELS[i.flag]}（${i.expiresOn}）`).join('；'),
  }));
}

/** 删除: only a nurse nothing refers to (派工, 服务单 …); the foreign key says so. */
export function removeNurse(crud: CrudService, session: SessionInfo, id: string, version?: number) {
  return crud.remove(session, id, version).catch((err: unknown) => {
    if ((err as { code?: string }).code === '23503') throw new BizError(MonthlyNurseText.hasAssignments);
    throw err;
  });
}

/** 休息 / 在职 / 离职 through nurseMachine (上户中 refuses 休息 and 离职 in its own words). */
export async function moveNurse(db: Kysely<DB>, crud: CrudService, session: SessionInfo, input: { id: string; version: number }, event: NurseManualEvent) {
  const scope = await monthlyNurseScope(db, session);
  await db.transaction().execute(async (trx) => {
    const nurse = await repo.lockNurse(trx, session.companyId, input.id, scope);
    if (!nurse) throw new NotFound();
    assertNurseMove(nurse.status, event);
    await transition(trx, session, { machine: nurseMachine, table: 'monthly_nurse', id: input.id, event, version: input.version, scope });
  });
  return (await crud.get(session, input.id)) as MonthlyNurse;
}

/** The nurse when the caller's rules let them see her; else 404. */
async function visibleNurse(db: Db, session: SessionInfo, nurseId: string, scope: Scope) {
  const nurse = await repo.findNurse(db, session.companyId, nurseId, scope);
  if (!nurse) throw new NotFound();
  return nurse;
}

export async function listCertificates(db: Kysely<DB>, session: SessionInfo, nurseId: string): Promise<NurseCertificate[]> {
  await visibleNurse(db, session, nurseId, await monthlyNurseScope(db, session));
  const today = shanghaiDate();
  return (await repo.certificatesOf(db, session.companyId, nurseId)).map((c) => toCertificate(c, today));
}

export async function saveStaffCertificate(db: Kysely<DB>, session: SessionInfo, input: NurseCertificateValues & ({ nurseId: string } | { id: string; version: number })): Promise<NurseCertificate> {
  const scope = await monthlyNurseScope(db, session);
  return db.transaction().execute(async (trx) => {
    let nurseId: string;
    if ('nurseId' in input) nurseId = input.nurseId;
    else {
      const current = await repo.findCertificate(trx, session.companyId, input.id);
      if (!current) throw new NotFound();
      nurseId = current.nurse_id;
    }
    if (!(await repo.lockNurse(trx, session.companyId, nurseId, scope))) throw new NotFound();
    const { kind, name, certNo, issuedOn, expiresOn, image } = input;
    const key = 'id' in input ? { id: input.id, version: input.version } : {};
    return saveCertificate(trx, session, nurseId, { kind, name, certNo, issuedOn, expiresOn, image, ...key });
  });
}

export async function deleteStaffCertificate(db: Kysely<DB>, session: SessionInfo, id: string): Promise<null> {
  const scope = await monthlyNurseScope(db, session);
  await db.transaction().execute(async (trx) => {
    const current = await repo.findCertificate(trx, session.companyId, id);
    if (!current || !(await repo.lockNurse(trx, session.companyId, current.nurse_id, scope))) throw new NotFound();
    await removeCertificate(trx, session.companyId, current.nurse_id, id);
  });
  return null;
}

export async function listLeaves(db: Kysely<DB>, session: SessionInfo, nurseId: string): Promise<NurseLeave[]> {
  await visibleNurse(db, session, nurseId, await monthlyNurseScope(db, session));
  return (await repo.leavesOf(db, session.companyId, nurseId)).map(toLeave).reverse();
}

export async function addStaffLeave(db: Kysely<DB>, session: SessionInfo, input: NurseLeaveValues & { nurseId: string }): Promise<NurseLeave> {
  const scope = await monthlyNurseScope(db, session);
  return db.transaction().execute(async (trx) => {
    if (!(await repo.lockNurse(trx, session.companyId, input.nurseId, scope))) throw new NotFound();
    return addLeave(trx, session, input.nurseId, { startDate: input.startDate, endDate: input.endDate, reason: input.reason }, 'staff');
  });
}

/** Any leave of a nurse the caller sees (the back office may correct past ones). */
export async function deleteStaffLeave(db: Kysely<DB>, session: SessionInfo, id: string): Promise<null> {
  const scope = await monthlyNurseScope(db, session);
  await db.transaction().execute(async (trx) => {
    const leave = await repo.findLeave(trx, session.companyId, id);
    if (!leave || !(await repo.lockNurse(trx, session.companyId, leave.nurse_id, scope))) throw new NotFound();
    await repo.deleteLeave(trx, session.companyId, id);
  });
  return null;
}
