import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { NurseAssignmentStatusValue, NurseStatusValue } from '../../platform/db/schema-nurse.js';

// Rows the 档期 and matching tests stand on, written straight into the tables (a data set, not a flow).

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

export interface World {
  db: Kysely<DB>;
  companyId: string;
}

export async function newStore(w: World) {
  const code = `NS${next()}`;
  const store = await w.db.insertInto('store').values({ company_id: w.companyId, code, name: `${code}门店`, parent_id: null, manager_id: null, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
  const customer = await w.db
    .insertInto('customer')
    .values({ company_id: w.companyId, customer_no: `C${code}`, name: `${code}客户`, phone: `138${String(seq).padStart(8, '0')}`, store_id: store.id, status: 'contract_audited', created_by: null, updated_by: null })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { storeId: store.id, storeName: `${code}门店`, code, customerId: customer.id, customerName: customer.name };
}
export type TestStore = Awaited<ReturnType<typeof newStore>>;

export interface NurseSeed {
  nurseNo: string;
  name?: string;
  level?: string;
  practiceType?: string;
  serviceType?: string;
  status?: NurseStatusValue;
  price26Days?: string;
  skills?: string[];
  rating?: string | null;
  ratingCount?: number;
  healthCertExpiry?: string | null;
  insuranceExpiry?: string | null;
}

export async function addNurse(w: World, s: TestStore, n: NurseSeed): Promise<string> {
  const row = await w.db
    .insertInto('monthly_nurse')
    .values({
      company_id: w.companyId,
      nurse_no: n.nurseNo,
      name: n.name ?? `月嫂${n.nurseNo}`,
      level: n.level ?? 'middle',
      practice_type: n.practiceType ?? 'confinement_nurse',
      service_type: n.serviceType ?? 'home',
      employment: 'employee',
      price_26_days: n.price26Days ?? '12000',
      skills: n.skills ?? ['newborn_care'],
      rating: n.rating ?? null,
      rating_count: n.ratingCount ?? 0,
      health_cert_expiry: n.healthCertExpiry === undefined ? '2040-01-01' : n.healthCertExpiry,
      insurance_expiry: n.insuranceExpiry === undefined ? '2040-01-01' : n.insuranceExpiry,
      store_id: s.storeId,
      status: n.status ?? 'active',
      created_by: null,
      updated_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addAssignment(
  w: World,
  s: TestStore,
  a: { nurseId: string; status: NurseAssignmentStatusValue; start: string; end: string; actualStart?: string; actualEnd?: string },
): Promise<string> {
  const assignmentNo = `PG${next()}`;
  await w.db
    .insertInto('nurse_assignment')
    .values({
      company_id: w.companyId,
      assignment_no: assignmentNo,
      nurse_id: a.nurseId,
      customer_id: s.customerId,
      store_id: s.storeId,
      service_form: 'home',
      start_date: a.start,
      end_date: a.end,
      daily_rate: '400',
      actual_start: a.actualStart ?? null,
      actual_end: a.actualEnd ?? null,
      status: a.status,
      cancel_reason: a.status === 'cancelled' ? '客户取消' : null,
      created_by: null,
      updated_by: null,
    })
    .execute();
  return assignmentNo;
}

export async function addLeave(w: World, nurseId: string, startDate: string, endDate: string, reason = ''): Promise<void> {
  await w.db.insertInto('nurse_leave').values({ company_id: w.companyId, nurse_id: nurseId, start_date: startDate, end_date: endDate, reason, created_by: null, updated_by: null }).execute();
}
