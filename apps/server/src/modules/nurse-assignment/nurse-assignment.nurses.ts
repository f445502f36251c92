// The monthly-nurse services (L0, docs/nurses.md) this module uses, in one place.
// TEMPORARY: direct reads/writes until monthly-nurse.service.ts lands; then these re-export it.
import type { Db } from '../../platform/crud/crud-repo.js';

export interface NurseForWork {
  id: string;
  nurseNo: string;
  name: string;
  phone: string;
  level: string;
  practiceType: string;
  serviceType: string;
  status: 'active' | 'on_duty' | 'resting' | 'left';
  storeId: string | null;
  price26Days: string;
  skills: string[];
  rating: string | null;
  ratingCount: number;
  healthCertExpiry: string | null;
  insuranceExpiry: string | null;
}

const cols = ['id', 'nurse_no', 'name', 'phone', 'level', 'practice_type', 'service_type', 'status', 'store_id', 'price_26_days', 'skills', 'rating', 'rating_count', 'health_cert_expiry', 'insurance_expiry'] as const;
type Row = { id: string; nurse_no: string; name: string; phone: string; level: string; practice_type: string; service_type: string; status: NurseForWork['status']; store_id: string | null; price_26_days: string; skills: string[]; rating: string | null; rating_count: number; health_cert_expiry: string | null; insurance_expiry: string | null };
const toNurse = (r: Row): NurseForWork => ({
  id: r.id, nurseNo: r.nurse_no, name: r.name, phone: r.phone, level: r.level, practiceType: r.practice_type, serviceType: r.service_type, status: r.status, storeId: r.store_id,
  price26Days: r.price_26_days, skills: r.skills, rating: r.rating, ratingCount: r.rating_count, healthCertExpiry: r.health_cert_expiry, insuranceExpiry: r.insurance_expiry,
});

export async function nurseForWork(db: Db, companyId: string, nurseId: string, opts: { lock?: boolean } = {}): Promise<NurseForWork | undefined> {
  const q = db.selectFrom('monthly_nurse').select(cols).where('company_id', '=', companyId).where('id', '=', nurseId);
  const r = await (opts.lock ? q.forUpdate() : q).executeTakeFirst();
  return r ? toNurse(r) : undefined;
}

export async function nursesForMatching(db: Db, companyId: string, q: { storeId?: string; serviceType?: string; practiceType?: string } = {}): Promise<NurseForWork[]> {
  let query = db.selectFrom('monthly_nurse').select(cols).where('company_id', '=', companyId).where('status', '<>', 'left');
  if (q.storeId) query = query.where('store_id', '=', q.storeId);
  if (q.serviceType) query = query.where('service_type', '=', q.serviceType);
  if (q.practiceType) query = query.where('practice_type', '=', q.practiceType);
  return (await query.orderBy('nurse_no').execute()).map(toNurse);
}

export async function setNurseDuty(trx: Db, companyId: string, nurseId: string, onDuty: boolean): Promise<void> {
  await trx
    .updateTable('monthly_nurse')
    .set({ status: onDuty ? 'on_duty' : 'active', updated_at: new Date() })
    .where('company_id', '=', companyId)
    .where('id', '=', nurseId)
    .where('status', '=', onDuty ? 'active' : 'on_duty')
    .execute();
}
