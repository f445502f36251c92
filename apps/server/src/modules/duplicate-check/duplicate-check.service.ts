import type { Kysely } from 'kysely';
import { DuplicateCheckText, type CheckOutcome } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { findDuplicateCheck } from './duplicate-check.registry.js';
import { valueTaken } from './duplicate-check.repo.js';

/** Duplicate check (spec §3 payload): only registered pairs; anything else answers 101 without a query. */
export async function checkDuplicate(
  db: Kysely<DB>,
  session: SessionInfo,
  input: { tableName: string; fieldName: string; fieldVal: string; dataId?: string },
): Promise<CheckOutcome> {
  const def = findDuplicateCheck(input.tableName, input.fieldName);
  if (!def) throw new BizError(DuplicateCheckText.notCheckable);
  if (input.fieldVal === '') return { passed: true, message: DuplicateCheckText.available };
  const taken = await valueTaken(db, def, input.fieldVal, session.companyId, input.dataId);
  return taken ? { passed: false, message: DuplicateCheckText.taken } : { passed: true, message: DuplicateCheckText.available };
}
