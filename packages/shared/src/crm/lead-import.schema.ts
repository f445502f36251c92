import { z } from 'zod';

/**
 * The columns of the lead import template, in order. The header cell is the label, with `*` on the
 * required ones; a file's first row must name these columns in this order (a trailing `*` and
 * spaces are ignored, columns after the last one are ignored — the error report adds two there).
 */
export const LEAD_IMPORT_COLUMNS = [
  { key: 'name', label: '客户姓名', required: true, note: '必填，最多50个字符' },
  { key: 'phone', label: '手机号', required: true, note: '必填，11位手机号；不能与未关闭的线索或本文件其他行重复' },
  { key: 'wechat', label: '微信', required: false, note: '最多64个字符' },
  { key: 'leadChannel', label: '线索渠道', required: false, note: '已启用的线索渠道名称或编码' },
  { key: 'channel', label: '合作渠道', required: false, note: '已启用的合作渠道名称' },
  { key: 'referrer', label: '推荐人', required: false, note: '最多50个字符' },
  { key: 'dueDate', label: '预产期', required: false, note: '日期，如2026-09-01' },
  { key: 'gestationWeeks', label: '孕周', required: false, note: '0到45之间的整数' },
  { key: 'parity', label: '胎次', required: false, note: '1到10之间的整数' },
  { key: 'preferredStore', label: '意向门店', required: false, note: '已启用的门店名称或编码' },
  { key: 'budget', label: '预算', required: false, note: '金额（元），最多两位小数' },
  { key: 'intentionGrade', label: '意向等级', required: false, note: 'A–E（或A级–E级）' },
  { key: 'owner', label: '负责人', required: false, note: '本公司在职用户的账号或姓名；不填则为导入人' },
  { key: 'remark', label: '备注', required: false, note: '最多1000个字符' },
] as const;

export type LeadImportColumnKey = (typeof LEAD_IMPORT_COLUMNS)[number]['key'];

/** The header cell of a template column (`客户姓名*`). */
export const leadImportHeader = (c: (typeof LEAD_IMPORT_COLUMNS)[number]): string => (c.required ? `${c.label}*` : c.label);

/** At most this many data rows per file. */
export const LEAD_IMPORT_MAX_ROWS = 5000;
/** At most this many bytes per file (the multipart limit of the server is larger). */
export const LEAD_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The progress answer lists the errors of at most this many bad rows; the report has them all. */
export const LEAD_IMPORT_ERRORS_SHOWN = 100;

export const LeadImportText = {
  templateName: '线索导入模板',
  sheetName: '线索',
  guideSheetName: '填写说明',
  /** The example row's 备注: an untouched example row is skipped. */
  exampleRemark: '示例行，导入前请删除',
  notXlsx: '请上传.xlsx格式的Excel文件（可先下载导入模板）',
  tooBig: `文件不能超过${LEAD_IMPORT_MAX_BYTES / 1024 / 1024}MB`,
  badHeader: (column: number, expected: string, actual: string) =>
    `模板表头不正确：第${column}列应为「${expected}」，实际为「${actual || '空'}」，请下载最新导入模板`,
  noRows: '文件中没有可导入的数据行',
  tooManyRows: (rows: number) => `单次最多导入${LEAD_IMPORT_MAX_ROWS}行，当前文件有${rows}行，请拆分后再导入`,
  required: (label: string) => `请填写${label}`,
  duplicateInFile: (row: number) => `手机号与第${row}行重复`,
  unknownLeadChannel: (v: string) => `线索渠道「${v}」不存在或已停用`,
  unknownChannel: (v: string) => `合作渠道「${v}」不存在或已停用`,
  unknownStore: (v: string) => `意向门店「${v}」不存在或已停用`,
  ambiguous: (what: string, v: string) => `${what}「${v}」有重名，请填写编码或账号`,
  unknownOwner: (v: string) => `负责人「${v}」不是本公司的在职用户`,
  unknownGrade: (v: string) => `意向等级「${v}」不正确，应为A到E`,
  badDate: '预产期不正确，应为日期，如2026-09-01',
  badInteger: (label: string, min: number, max: number) => `${label}必须是${min}到${max}之间的整数`,
  rowFailed: '该行保存失败，请稍后重新导入',
  interrupted: '导入中断（服务重启或停止），已处理的行保留，其余行未导入',
  rowColumn: '原行号',
  errorColumn: '错误原因',
  started: '文件已上传，正在导入',
} as const;

export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export const importJobStatusSchema = z.enum(IMPORT_JOB_STATUSES);
export type ImportJobStatus = z.infer<typeof importJobStatusSchema>;
export const ImportJobStatusText: Record<ImportJobStatus, string> = { running: '进行中', done: '已完成', failed: '失败' };

/** One problem of one row: the Excel row number, the column's label ('' for the row as a whole), the message. */
export const leadImportErrorSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type LeadImportError = z.infer<typeof leadImportErrorSchema>;

/** What the upload answers: the job to poll and the number of data rows it will process. */
export const leadImportStartSchema = z.object({ jobId: z.string(), total: z.number().int() });
export type LeadImportStart = z.infer<typeof leadImportStartSchema>;

export const leadImportProgressQuerySchema = z.object({ jobId: z.uuid({ message: '缺少导入任务ID' }) });

export const leadImportProgressSchema = z.object({
  jobId: z.string(),
  fileName: z.string(),
  status: importJobStatusSchema,
  /** 进行中 / 已完成 / 失败. */
  statusText: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** The errors of the first LEAD_IMPORT_ERRORS_SHOWN bad rows, by row number. */
  errors: z.array(leadImportErrorSchema),
  /** Why a failed job stopped. */
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type LeadImportProgress = z.infer<typeof leadImportProgressSchema>;
