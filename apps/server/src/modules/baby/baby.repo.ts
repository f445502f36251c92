import type { Kysely } from 'kysely';
import { updateVersionedRow } from '../../platform/db/company-rows.js';
import type { DB } from '../../platform/db/schema.js';

const columns = [
  'b.id', 'b.customer_id', 'b.name', 'b.gender', 'b.birth_at', 'b.gestation_weeks', 'b.birth_weight', 'b.birth_length', 'b.blood_type', 'b.notes',
  'b.version', 'b.created_at', 'b.updated_at',
] as const;

export type BabyRow = Awaited<ReturnType<typeof findBaby>> & object;

export function findBaby(db: Kysely<DB>, companyId: string, id: string) {
  return db.selectFrom('baby as b').select(columns).where('b.company_id', '=', companyId).where('b.id', '=', id).executeTakeFirst();
}

export function listBabies(db: Kysely<DB>, companyId: string, customerId: string) {
  return db
    .selectFrom('baby as b')
    .select(columns)
    .where('b.company_id', '=', companyId)
    .where('b.customer_id', '=', customerId)
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
}

export interface BabyValues {
  name: string;
  gender: string | null;
  birthAt: Date | null;
  gestationWeeks: number | null;
  birthWeight: number | null;
  birthLength: string | null;
  bloodType: string | null;
  notes: string;
}

const toColumns = (v: BabyValues) => ({
  name: v.name,
  gender: v.gender,
  birth_at: v.birthAt,
  gestation_weeks: v.gestationWeeks,
  birth_weight: v.birthWeight,
  birth_length: v.birthLength,
  blood_type: v.bloodType,
  notes: v.notes,
});

export async function insertBaby(db: Kysely<DB>, companyId: string, userId: string, customerId: string, v: BabyValues): Promise<string> {
  const row = await db
    .insertInto('baby')
    .values({ ...toColumns(v), company_id: companyId, customer_id: customerId, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBaby(db: Kysely<DB>, companyId: string, userId: string, id: string, version: number, v: BabyValues): Promise<boolean> {
  return updateVersionedRow(db, 'baby', { companyId, userId, id, version }, toColumns(v));
}

export async function deleteBaby(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('baby').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
