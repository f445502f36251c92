import { sql } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';

/** One level × practice type × service form. */
export interface PayCombination {
  level: string;
  practiceType: string;
  serviceType: string;
}

export interface PayStandardRow {
  id: string;
  level: string;
  practice_type: string;
  service_type: string;
  price_26_days: string;
  daily_rate: string;
}

/** Holds the combination's lock until the transaction ends (two adds of one combination queue here). */
export async function lockCombination(db: Db, companyId: string, c: PayCombination): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`nurse_pay_standard|${companyId}|${c.level}|${c.practiceType}|${c.serviceType}`}, 0))`.execute(db);
}

/** The standard of the combination other than `exceptId` (enabled or not). */
export async function ofCombination(db: Db, companyId: string, c: PayCombination, opts: { exceptId?: string; enabledOnly?: boolean } = {}): Promise<PayStandardRow | undefined> {
  let q = db
    .selectFrom('nurse_pay_standard')
    .select(['id', 'level', 'practice_type', 'service_type', 'price_26_days', 'daily_rate'])
    .where('company_id', '=', companyId)
    .where('level', '=', c.level)
    .where('practice_type', '=', c.practiceType)
    .where('service_type', '=', c.serviceType);
  if (opts.exceptId) q = q.where('id', '<>', opts.exceptId);
  if (opts.enabledOnly) q = q.where('enabled', '=', true);
  return (await q.executeTakeFirst()) as PayStandardRow | undefined;
}
