import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  DictCode,
  formatDateTime,
  ImportJobStatusText,
  LEAD_IMPORT_COLUMNS,
  LEAD_IMPORT_ERRORS_SHOWN,
  leadImportHeader,
  LeadImportText,
  type LeadImportProgress,
  type LeadImportStart,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { seesWholeCompany } from '../../platform/data-rules/index.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound } from '../../platform/errors.js';
import { toXlsx, type ExcelColumn } from '../../platform/excel.js';
import { channelOptions } from '../channel/channel.service.js';
import { codeOptions } from '../dict/dict.service.js';
import { leadChannelOptions } from '../lead-channel/lead-channel.service.js';
import { storeOptions } from '../store/store.service.js';
import { readLeadSheet } from './lead-import.excel.js';
import * as repo from './lead-import.repo.js';
import { markDuplicatePhones, nameIndex, parseLeadRow, resolveLeadRow, type LeadImportLookups, type ParsedLeadRow, type RowError } from './lead-import.rows.js';
import { insertImportedLead, isOpenPhoneConflict, openPhoneHolder } from './lead.service.js';

/** A running job whose heartbeat (every processed row moves it) is this old was left by a stopped server. */
export const STALE_IMPORT_MS = 2 * 60_000;
// Rows between two yields to the event loop, so a big file never holds up other requests.
const CHUNK_ROWS = 50;
const PHONE = LEAD_IMPORT_COLUMNS.find((c) => c.key === 'phone')!.label;

class JobEnded extends Error {}

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/**
 * Lead imports of this instance. `start` checks the file and creates the job; the rows are then
 * imported after the answer, each in its own transaction together with the job's counts, so the
 * counts in the database always say what was written. Stopping the server ends its jobs as failed.
 */
export class LeadImportRunner {
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(private readonly deps: { db: Kysely<DB>; log: FastifyBaseLogger }) {}

  async start(session: SessionInfo, file: UploadedFile | undefined): Promise<LeadImportStart> {
    if (!file) throw new BizError(LeadImportText.notXlsx);
    const rows = (await readLeadSheet(file.filename, file.data)).map(parseLeadRow);
    markDuplicatePhones(rows);
    const jobId = await repo.insertJob(this.deps.db, { companyId: session.companyId, createdBy: session.userId, fileName: file.filename.slice(0, 200), total: rows.length });
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.process(session, jobId, rows))
      .finally(() => this.running.delete(jobId));
    this.running.set(jobId, run);
    return { jobId, total: rows.length };
  }

  /** The job's counts and first errors; its creator or a whole-company user only (404 otherwise). */
  async progress(session: SessionInfo, jobId: string): Promise<LeadImportProgress> {
    const { db } = this.deps;
    let job = await this.readableJob(session, jobId);
    if (job.status === 'running' && !this.running.has(job.id) && job.updated_at.getTime() < Date.now() - STALE_IMPORT_MS) {
      await repo.failStaleJobs(db, new Date(Date.now() - STALE_IMPORT_MS), LeadImportText.interrupted, job.id);
      job = (await repo.findJob(db, session.companyId, jobId)) ?? job;
    }
    const bad = await repo.jobErrors(db, job.id, LEAD_IMPORT_ERRORS_SHOWN);
    return {
      jobId: job.id,
      fileName: job.file_name,
      status: job.status,
      statusText: ImportJobStatusText[job.status],
      total: job.total,
      processed: job.processed,
      succeeded: job.succeeded,
      failed: job.failed,
      errors: bad.flatMap((r) => r.errors.map((e) => ({ row: r.row_no, field: e.field, message: e.message }))),
      message: job.message,
      createdAt: formatDateTime(job.created_at),
      finishedAt: job.finished_at ? formatDateTime(job.finished_at) : null,
    };
  }

  /** The bad rows as .xlsx: the template's columns with the cells as read, then 原行号 and 错误原因. */
  async errorReport(session: SessionInfo, jobId: string): Promise<Buffer> {
    const job = await this.readableJob(session, jobId);
    const rows = await repo.jobErrors(this.deps.db, job.id);
    const columns: ExcelColumn<(typeof rows)[number]>[] = [
      ...LEAD_IMPORT_COLUMNS.map((c, i) => ({ header: leadImportHeader(c), value: (r: (typeof rows)[number]) => r.cells[i] ?? '' })),
      { header: LeadImportText.rowColumn, width: 10, value: (r) => r.row_no },
      { header: LeadImportText.errorColumn, width: 60, value: (r) => r.errors.map((e) => (e.field ? `${e.field}：${e.message}` : e.message)).join('；') },
    ];
    return toXlsx(LeadImportText.sheetName, columns, rows);
  }

  /** At start-up: jobs left running by a server that stopped become failed. */
  async failStale(): Promise<number> {
    return repo.failStaleJobs(this.deps.db, new Date(Date.now() - STALE_IMPORT_MS), LeadImportText.interrupted);
  }

  /** Stops between rows: the running jobs end as failed (interrupted), their written rows stay. */
  async close(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled(this.running.values());
  }

  private async readableJob(session: SessionInfo, jobId: string): Promise<repo.JobRow> {
    const job = await repo.findJob(this.deps.db, session.companyId, jobId);
    if (!job) throw new NotFound();
    if (job.created_by !== session.userId && !(await seesWholeCompany(this.deps.db, session))) throw new NotFound();
    return job;
  }

  private async process(session: SessionInfo, jobId: string, rows: ParsedLeadRow[]): Promise<void> {
    const { db, log } = this.deps;
    try {
      const lookups = await loadLookups(db, session, rows);
      for (let i = 0; i < rows.length; i++) {
        if (this.stopping) {
          await repo.finishJob(db, jobId, 'failed', LeadImportText.interrupted);
          return;
        }
        if (!(await this.importRow(session, jobId, rows[i]!, lookups))) return;
        if ((i + 1) % CHUNK_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await repo.finishJob(db, jobId, 'done', null);
    } catch (err) {
      log.error({ err, jobId }, 'lead import stopped');
      await repo.finishJob(db, jobId, 'failed', LeadImportText.interrupted).catch(() => undefined);
    }
  }

  /** One row, all or nothing: the lead and the job's count, or the row's errors and the count. False: the job ended elsewhere. */
  private async importRow(session: SessionInfo, jobId: string, row: ParsedLeadRow, lookups: LeadImportLookups): Promise<boolean> {
    const { db, log } = this.deps;
    const resolved = resolveLeadRow(row, lookups, session.userId);
    let errors: RowError[];
    if (resolved.ok) {
      try {
        const outcome = await db.transaction().execute(async (trx) => {
          const saved = await insertImportedLead(trx, session, resolved.ownerId, resolved.input);
          if ('phoneTaken' in saved) return saved;
          if (!(await repo.countRow(trx, jobId, true))) throw new JobEnded();
          return saved;
        });
        if ('id' in outcome) return true;
        errors = [{ field: PHONE, message: outcome.phoneTaken }];
      } catch (err) {
        if (err instanceof JobEnded) return false;
        if (isOpenPhoneConflict(err)) {
          // Someone saved the same phone at that moment: the unique index refused this row.
          errors = [{ field: PHONE, message: (await openPhoneHolder(db, session, resolved.input.phone)) ?? LeadImportText.rowFailed }];
        } else if (err instanceof BizError) {
          errors = [{ field: '', message: err.message }];
        } else {
          log.error({ err, jobId, row: row.row }, 'lead import row failed');
          errors = [{ field: '', message: LeadImportText.rowFailed }];
        }
      }
    } else {
      errors = resolved.errors;
    }
    try {
      await db.transaction().execute(async (trx) => {
        await repo.insertRowError(trx, jobId, row.row, row.cells, errors);
        if (!(await repo.countRow(trx, jobId, false))) throw new JobEnded();
      });
      return true;
    } catch (err) {
      if (err instanceof JobEnded) return false;
      throw err;
    }
  }
}

/** The company's enabled lead channels, channels, stores, grades, and the users the file names. */
async function loadLookups(db: Kysely<DB>, session: SessionInfo, rows: ParsedLeadRow[]): Promise<LeadImportLookups> {
  const leadChannels = await leadChannelOptions(db, session);
  const channels = await channelOptions(db, session);
  const stores = await storeOptions(db, session);
  const grades = ((await codeOptions(db, DictCode.intentionGrade)) ?? []).filter((g) => !('disabled' in g && g.disabled));
  const owners = await repo.companyUsersNamed(db, session.companyId, [...new Set(rows.map((r) => r.refs.owner).filter(Boolean))]);
  const byNameAndCode = (list: { id: string; name: string; code?: string }[]) =>
    nameIndex(list.flatMap((o): [string, string][] => (o.code ? [[o.name, o.id], [o.code, o.id]] : [[o.name, o.id]])));
  return {
    leadChannels: byNameAndCode(leadChannels),
    channels: byNameAndCode(channels),
    stores: byNameAndCode(stores),
    ownerAccounts: nameIndex(owners.map((u) => [u.username, u.id])),
    ownerNames: nameIndex(owners.map((u) => [u.first_name, u.id])),
    grades: nameIndex(grades.flatMap((g): [string, string][] => [[g.value, g.value], [g.label, g.value]])),
  };
}
