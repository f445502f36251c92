import type { Kysely, Transaction } from 'kysely';
import { ErrorText } from '@care/shared';
import { BizError } from '../errors.js';
import type { DB } from './schema.js';

// The money transactions' helper (docs/money.md): one lock order everywhere, a bounded retry of what
// PostgreSQL aborts for serialization or deadlock, and the business-number draws taken last.

/** SQLSTATEs of a transaction PostgreSQL aborted so that another could go on: running it again may succeed. */
const RETRYABLE = new Set(['40001', '40P01']);

/** How many times a transaction runs at most before the caller is told to try again. */
export const TRANSACTION_ATTEMPTS = 4;

/** The refusal when every attempt was aborted: 409, the caller may simply send it again. */
export class RetryLater extends BizError {
  constructor() {
    super(ErrorText.retryLater);
  }
}

/** A serialization failure or a deadlock victim (pg's error, or one wrapping it). */
export function isRetryable(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && RETRYABLE.has(e.code)) return true;
  }
  return false;
}

type Final = { order: string; run: () => Promise<void> };
const finals = new WeakMap<Transaction<DB>, Final[]>();

/**
 * Work that must take its locks last, just before the commit (drawing a business number: the
 * counter row's lock is then the last one the transaction takes, so nobody holding a counter ever
 * waits for a payment or a receivable). Runs in `order` (the number rule's code), then in the order
 * given. Outside `inTransaction` it runs at once.
 */
export async function atCommit(trx: Kysely<DB> | Transaction<DB>, order: string, run: () => Promise<void>): Promise<void> {
  const list = finals.get(trx as Transaction<DB>);
  if (!list) return run();
  list.push({ order, run });
}

/**
 * Runs `work` in one transaction; the work registered with `atCommit` runs at its end, sorted. A
 * transaction PostgreSQL aborted for serialization (40001) or as a deadlock's victim (40P01) runs
 * again, at most TRANSACTION_ATTEMPTS times in all with a short random pause between; after the last
 * the caller gets RetryLater (409 请重试), never a 500. `work` may run more than once: it must not
 * keep state outside the transaction other than what it returns.
 */
export async function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>, attempts = TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const list: Final[] = [];
        finals.set(trx, list);
        const result = await work(trx);
        const sorted = list.map((f, i) => ({ ...f, i })).sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.i - b.i));
        for (const f of sorted) await f.run();
        return result;
      });
    } catch (err) {
      if (!isRetryable(err)) throw err;
      if (attempt >= attempts) throw new RetryLater();
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
