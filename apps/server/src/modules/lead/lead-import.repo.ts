import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export async function insertJob(
  db: Kysely<DB>,
  job: { companyId: string; createdBy: string; fileName: string; total: number },
): Promise<string> {
  const row = await db
    .insertInto('import_job')
    .values({ company_id: job.companyId, kind: 'lead', file_name: job.fileName, total: job.total, created_by: job.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findJob(db: Kysely<DB>, companyId: string, id: string) {
  return db
    .selectFrom('import_job')
    .select(['id', 'created_by', 'file_name', 'status', 'total', 'processed', 'succeeded', 'failed', 'message', 'created_at', 'updated_at', 'finished_at'])
    .where('company_id', '=', companyId)
    .where('kind', '=', 'lead')
    .where('id', '=', id)
    .executeTakeFirst();
}

export type JobRow = Awaited<ReturnType<typeof findJob>> & object;

/**
 * Counts one processed row on a running job (and moves its heartbeat). False when the job is no
 * longer running (marked failed as stale meanwhile): the caller stops and rolls the row back.
 */
export async function countRow(db: Kysely<DB>, jobId: string, ok: boolean): Promise<boolean> {
  const result = await db
    .updateTable('import_job')
    .set({
      processed: sql`processed + 1`,
      succeeded: ok ? sql`succeeded + 1` : sql`succeeded`,
      failed: ok ? sql`failed` : sql`failed + 1`,
      updated_at: new Date(),
    })
    .where('id', '=', jobId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRowError(db: Kysely<DB>, jobId: string, row: number, cells: string[], errors: { field: string; message: string }[]): Promise<void> {
  await db.insertInto('import_job_error').values({ job_id: jobId, row_no: row, cells: JSON.stringify(cells), errors: JSON.stringify(errors) }).execute();
}

/** Ends a running job; false when it had already ended. */
export async function finishJob(db: Kysely<DB>, jobId: string, status: 'done' | 'failed', message: string | null): Promise<boolean> {
  const now = new Date();
  const result = await db
    .updateTable('import_job')
    .set({ status, message, finished_at: now, updated_at: now })
    .where('id', '=', jobId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Running jobs whose heartbeat is older than `cutoff` (their server stopped) become failed; `id` limits it to one job. */
export async function failStaleJobs(db: Kysely<DB>, cutoff: Date, message: string, id?: string): Promise<number> {
  const now = new Date();
  let query = db
    .updateTable('import_job')
    .set({ status: 'failed', message, finished_at: now, updated_at: now })
    .where('status', '=', 'running')
    .where('updated_at', '<', cutoff);
  if (id) query = query.where('id', '=', id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The bad rows of a job by row number; `limit` caps them (the progress), none for the report. */
export function jobErrors(db: Kysely<DB>, jobId: string, limit?: number) {
  let query = db.selectFrom('import_job_error').select(['row_no', 'cells', 'errors']).where('job_id', '=', jobId).orderBy('row_no');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/** Enabled users of the company whose account or real name is among `names` (the file's 负责人 column). */
export function companyUsersNamed(db: Kysely<DB>, companyId: string, names: string[]) {
  if (!names.length) return Promise.resolve([]);
  const lower = names.map((n) => n.toLowerCase());
  return db
    .selectFrom('user_company as uc')
    .innerJoin('app_user as u', 'u.id', 'uc.user_id')
    .select(['u.id', 'u.username', 'u.first_name'])
    .where('uc.company_id', '=', companyId)
    .where('u.status', '=', 'enabled')
    .where((eb) => eb.or([eb(eb.fn('lower', ['u.username']), 'in', lower), eb(eb.fn('lower', ['u.first_name']), 'in', lower)]))
    .execute();
}
