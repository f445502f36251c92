import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/db/schema.js';
import * as repo from './lead.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The automatic pool release: LEAD_POOL_IDLE_DAYS (default 30; 0 turns it off), LEAD_POOL_SWEEP_MINUTES (default 60). */
export interface LeadPoolSettings {
  idleDays: number;
  sweepMinutes: number;
}

export function leadPoolSettings(env: Record<string, string | undefined> = process.env): LeadPoolSettings {
  const read = (name: string, fallback: number, min: number) => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > 3650) throw new Error(`${name} must be a whole number from ${min} to 3650, got "${text}"`);
    return n;
  };
  return { idleDays: read('LEAD_POOL_IDLE_DAYS', 30, 0), sweepMinutes: read('LEAD_POOL_SWEEP_MINUTES', 60, 1) };
}

/**
 * Puts every owned 待跟进 / 跟进中 lead with no follow-up and no new owner for `idleDays` into the
 * pool (公海). One UPDATE (rows locked with SKIP LOCKED), so instances running it at the same time
 * never release a lead twice and never wait on each other. Answers the released leads.
 */
export async function releaseIdleLeads(db: Kysely<DB>, idleDays: number, now: Date = new Date()) {
  if (idleDays <= 0) return [];
  return repo.releaseIdle(db, new Date(now.getTime() - idleDays * DAY_MS), now);
}

/** Runs the release every `sweepMinutes` on this instance; returns the stopper. */
export function startLeadPoolJob(db: Kysely<DB>, log: FastifyBaseLogger, settings: LeadPoolSettings): () => void {
  if (settings.idleDays <= 0) return () => undefined;
  const timer = setInterval(() => {
    releaseIdleLeads(db, settings.idleDays)
      .then((released) => {
        if (released.length) log.info({ released: released.length }, 'idle leads released to the pool');
      })
      .catch((err: unknown) => log.warn({ err }, 'idle lead release failed'));
  }, settings.sweepMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
