import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { dirtyCompanies, refreshFacts } from './report-facts.service.js';

/** Recomputes every company's dirty days once; answers the pairs recomputed. */
export async function refreshAllFacts(db: Kysely<DB>): Promise<number> {
  let total = 0;
  for (const companyId of await dirtyCompanies(db)) total += await refreshFacts(db, companyId);
  return total;
}

/** Every FACT_REFRESH_SECONDS (default 60; 0 turns it off) on this instance; answers the stopper. */
export function startFactRefreshJob(db: Kysely<DB>, log: FastifyBaseLogger, env: Record<string, string | undefined> = process.env): () => void {
  const seconds = Number(env.FACT_REFRESH_SECONDS ?? 60);
  if (!Number.isFinite(seconds) || seconds <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refreshAllFacts(db)
      .then((n) => {
        if (n) log.debug({ days: n }, 'report facts refreshed');
      })
      .catch((err: unknown) => log.warn({ err }, 'report facts refresh failed'))
      .finally(() => (running = false));
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
