import { defineContract } from '../api/contract.js';
import { LeadPermission } from './lead.permissions.js';
import { leadImportProgressQuerySchema, leadImportProgressSchema } from './lead-import.schema.js';

/**
 * 导入线索 (`crm:lead:import` on every route). The upload validates the file, creates a job and
 * answers at once; the rows are imported after the answer, each row on its own, and the job's
 * counts and per-row errors are read by polling `progress`. Only the job's creator (or a user who
 * sees the whole company's data) reads a job; anyone else gets 404.
 */
export const leadImportContract = {
  progress: defineContract({
    method: 'POST',
    path: '/online/lead/importProgress',
    access: LeadPermission.leadImport,
    body: leadImportProgressQuerySchema,
    result: leadImportProgressSchema,
  }),
};

/** GET: the template (.xlsx: header row, an example row, a 填写说明 sheet). */
export const LEAD_IMPORT_TEMPLATE_PATH = '/online/lead/importTemplate';
/** POST multipart, field `file` (.xlsx); signed over the query and the text fields, `sign` in the query. Answers leadImportStartSchema. */
export const LEAD_IMPORT_PATH = '/online/lead/importExcel';
/** GET: the bad rows of a job with their cells, 原行号 and 错误原因 (.xlsx). */
export const leadImportErrorsPath = (jobId: string): string => `/online/lead/importErrors/${encodeURIComponent(jobId)}`;
export const LEAD_IMPORT_ERRORS_ROUTE = '/online/lead/importErrors/:jobId';
