import type { Kysely } from 'kysely';
import { DictCode, nursePayStandardResource, NursePayStandardText, payStandardLookupSchema, type PayStandardFound, type PayStandardLookup } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import { crudService, type CrudOptions } from '../../platform/crud/crud-service.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { dictLabeler } from '../dict/dict.service.js';
import * as repo from './nurse-pay-standard.repo.js';

/** A second standard of a combination (found under the combination's lock, or by the unique key). */
class CombinationTaken extends BizError {
  constructor() {
    super(NursePayStandardText.takenAny);
  }
}

/** 薪酬标准: one per level × practice type × service form, checked under the combination's lock. */
export const payStandardCrudOptions: CrudOptions = {
  beforeWrite: async (trx: Db, session: SessionInfo, values: Record<string, unknown>, current?: Record<string, unknown>) => {
    const c = values as unknown as repo.PayCombination;
    await repo.lockCombination(trx, session.companyId, c);
    if (await repo.ofCombination(trx, session.companyId, c, { exceptId: current?.id as string | undefined })) throw new CombinationTaken();
  },
};

/** The kit's service, whose add and edit name the combination in the way (dictionary labels). */
export function payStandardService(db: Kysely<DB>) {
  const crud = crudService(db, nursePayStandardResource, payStandardCrudOptions);
  // Labels are read after the transaction (PGlite has one connection).
  const naming = (values: Record<string, unknown>) => async (err: unknown): Promise<never> => {
    const e = err as { code?: string; constraint?: string };
    if (err instanceof CombinationTaken || (e.code === '23505' && e.constraint === 'nurse_pay_standard_key')) {
      const [level, practice, service] = await Promise.all([DictCode.nurseLevel, DictCode.nursePracticeType, DictCode.nurseServiceType].map((code) => dictLabeler(db, code)));
      throw new BizError(NursePayStandardText.taken(level!(values.level as string), practice!(values.practiceType as string), service!(values.serviceType as string)));
    }
    throw err;
  };
  return {
    ...crud,
    add: (session: SessionInfo, values: Record<string, unknown>) => crud.add(session, values).catch(naming(values)),
    edit: (session: SessionInfo, input: Record<string, unknown> & { id: string; version: number }) => crud.edit(session, input).catch(naming(input)),
  };
}

/**
 * For other modules (the 派工 form): the enabled standard of a level, practice type and service
 * form in the company, or undefined.
 */
export async function payStandardFor(db: Db, companyId: string, query: PayStandardLookup): Promise<NonNullable<PayStandardFound> | undefined> {
  const c = payStandardLookupSchema.parse(query);
  const row = await repo.ofCombination(db, companyId, c, { enabledOnly: true });
  if (!row) return undefined;
  return { id: row.id, level: row.level, practiceType: row.practice_type, serviceType: row.service_type, price26Days: row.price_26_days, dailyRate: row.daily_rate };
}
