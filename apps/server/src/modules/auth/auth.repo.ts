import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export async function saveCaptcha(db: Kysely<DB>, checkKey: string, code: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('captcha')
    .values({ check_key: checkKey, code, expires_at: expiresAt })
    .onConflict((oc) => oc.column('check_key').doUpdateSet({ code, expires_at: expiresAt }))
    .execute();
  // Keep the table small: drop what has expired.
  await db.deleteFrom('captcha').where('expires_at', '<', sql<Date>`now() - interval '5 minutes'`).execute();
}

/** Takes the captcha out (single use) and returns it, or undefined when unknown. */
export function takeCaptcha(db: Kysely<DB>, checkKey: string) {
  return db.deleteFrom('captcha').where('check_key', '=', checkKey).returning(['code', 'expires_at']).executeTakeFirst();
}

export function findSmsCode(db: Kysely<DB>, mobile: string) {
  return db.selectFrom('sms_code').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

/** Stores a new code unless one was sent less than `minIntervalMs` ago; true when stored. */
export async function putSmsCode(db: Kysely<DB>, mobile: string, codeHash: string, now: Date, expiresAt: Date, minIntervalMs: number): Promise<boolean> {
  const notBefore = new Date(now.getTime() - minIntervalMs);
  const row = await db
    .insertInto('sms_code')
    .values({ mobile, code_hash: codeHash, sent_at: now, expires_at: expiresAt, attempts: 0 })
    .onConflict((oc) =>
      oc
        .column('mobile')
        .doUpdateSet({ code_hash: codeHash, sent_at: now, expires_at: expiresAt, attempts: 0 })
        .where('sms_code.sent_at', '<=', notBefore),
    )
    .returning('mobile')
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts one try against the code; returns the row after counting. */
export function countSmsAttempt(db: Kysely<DB>, mobile: string) {
  return db
    .updateTable('sms_code')
    .set({ attempts: sql`attempts + 1` })
    .where('mobile', '=', mobile)
    .returning(['code_hash', 'expires_at', 'attempts'])
    .executeTakeFirst();
}

export async function deleteSmsCode(db: Kysely<DB>, mobile: string): Promise<void> {
  await db.deleteFrom('sms_code').where('mobile', '=', mobile).execute();
}

export async function recordLogin(
  db: Kysely<DB>,
  entry: { username: string; userId: string | null; method: string; ip: string | null; userAgent: string | null; success: boolean; message: string },
): Promise<void> {
  await db
    .insertInto('login_log')
    .values({ username: entry.username.slice(0, 128), user_id: entry.userId, method: entry.method, ip: entry.ip, user_agent: entry.userAgent?.slice(0, 512) ?? null, success: entry.success, message: entry.message })
    .execute();
}
