import type { Kysely } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { loadSystemConfig } from './system.service.js';

/**
 * 四眼原则 (docs/money.md): the check an audit or approval makes on the record it decides. Pass the
 * decision's own transaction (no second connection; on PGlite the root one would wait for it), then
 * call the answer with the record's creator: refused with `text` when it is the caller.
 */
export async function fourEyes(db: Db): Promise<(createdBy: string | null | undefined, userId: string, text: string) => void> {
  const { config } = await loadSystemConfig(db as Kysely<DB>);
  return (createdBy, userId, text) => {
    if (!config.selfAuditAllowed && createdBy && createdBy === userId) throw new BizError(text);
  };
}
