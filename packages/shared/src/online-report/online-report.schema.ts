import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

/** User-visible texts of 报表配置 and the reports' pages. */
export const OnlineReportText = {
  badCode: '报表编码只能以小写字母开头，包含小写字母、数字和下划线，长度2到40',
  badParamName: '参数名只能以小写字母开头，包含小写字母、数字和下划线，长度2到40',
  codeTaken: '报表编码已存在',
  duplicateParam: '参数名重复',
  duplicateColumn: '字段名重复',
  needSql: '请输入报表SQL!',
  sqlTooLong: '报表SQL不能超过20000个字符',
  unknownReport: '报表不存在',
  menuCreated: '菜单生成成功！',
  // The SQL checker's refusals.
  sqlSyntax: 'SQL语法错误',
  singleSelect: '只允许单条 SELECT 查询',
  noModifyingCte: 'WITH 子句中不允许数据修改语句',
  noSelectInto: '不允许 SELECT INTO',
  noLocking: '不允许 FOR UPDATE / FOR SHARE 加锁查询',
  noRecursive: '不允许递归查询（WITH RECURSIVE）',
  functionRefused: '不允许使用函数',
  tableRefused: '只能查询报表视图（report_api）中的表',
  noPositional: '请使用 :参数名 引用参数，不能使用 $1 形式的位置参数',
  unknownParam: '未定义的参数',
  paramRequired: '请输入参数',
  badNumber: '必须是数字',
  badDate: '必须是日期（YYYY-MM-DD）',
  xAxisNeeded: '请选择图表的X轴字段',
  yAxisNeeded: '请选择图表的Y轴字段',
  // Running.
  timeout: '报表查询超时，请缩小查询范围',
  permissionDenied: '报表只能查询报表视图（report_api）中的表',
  runFailed: '报表查询失败',
  capped: '结果行数超过上限，仅返回前部分数据',
  tooLarge: '报表结果超过8 MB，请缩小查询范围或减少字段',
  rowTooLarge: '报表单行数据超过256 KB（字段值过大），请截取长文本',
  tooHeavy: '报表查询过于复杂，预计超过时限，请缩小查询范围（内置数据库不能中途停止查询）',
} as const;

export const ONLINE_REPORT_IDENTIFIER = /^[a-z][a-z0-9_]{1,39}$/;
/** Most rows a report run reads (the result says when it was cut). */
export const ONLINE_REPORT_ROW_CAP = 10_000;
/** Rows a preview answers. */
export const ONLINE_REPORT_PREVIEW_ROWS = 100;
/** Most bytes of a report's result (its rows as text, counted in the database while they are read). */
export const ONLINE_REPORT_MAX_BYTES = 8 * 1024 * 1024;
/** Most bytes of one row of a result, so of any one value in it. */
export const ONLINE_REPORT_MAX_ROW_BYTES = 256 * 1024;

export const ONLINE_REPORT_PARAM_TYPES = ['text', 'number', 'date'] as const;
export type OnlineReportParamType = (typeof ONLINE_REPORT_PARAM_TYPES)[number];
export const ONLINE_REPORT_PARAM_TYPE_LABELS: Record<OnlineReportParamType, string> = { text: '文本', number: '数值', date: '日期' };

export const ONLINE_REPORT_CHART_TYPES = ['none', 'bar', 'line', 'pie'] as const;
export type OnlineReportChartType = (typeof ONLINE_REPORT_CHART_TYPES)[number];
export const ONLINE_REPORT_CHART_LABELS: Record<OnlineReportChartType, string> = { none: '无', bar: '柱状图', line: '折线图', pie: '饼图' };

const label = (name: string) => z.string({ message: `请输入${name}!` }).trim().min(1, `请输入${name}!`).max(50, `${name}不能超过50个字符`);

export const onlineReportParamSchema = z.object({
  name: z.string({ message: '请输入参数名!' }).trim().regex(ONLINE_REPORT_IDENTIFIER, OnlineReportText.badParamName),
  label: label('参数标题'),
  type: z.enum(ONLINE_REPORT_PARAM_TYPES, { message: '请选择参数类型!' }).default('text'),
  /** Default value as text; empty = none. */
  defaultValue: z.string().trim().max(200).default(''),
  required: z.boolean().default(false),
  /** A dictionary whose items the search form offers; empty = free input. */
  dictCode: z.string().trim().max(64).default(''),
});
export type OnlineReportParam = z.infer<typeof onlineReportParamSchema>;

export const onlineReportColumnSchema = z.object({
  /** The column name as the query returns it. */
  field: z.string({ message: '请输入字段名!' }).trim().min(1, '请输入字段名!').max(63, '字段名不能超过63个字符'),
  label: label('字段标题'),
  width: z.number().int().min(40).max(600).nullable().default(null),
  /** Values are translated through this dictionary; empty = shown as they are. */
  dictCode: z.string().trim().max(64).default(''),
  show: z.boolean().default(true),
  export: z.boolean().default(true),
  /** Summed into the totals row. */
  sum: z.boolean().default(false),
});
export type OnlineReportColumn = z.infer<typeof onlineReportColumnSchema>;

export const onlineReportChartSchema = z.object({
  type: z.enum(ONLINE_REPORT_CHART_TYPES).default('none'),
  xField: z.string().trim().max(63).default(''),
  yFields: z.array(z.string().trim().min(1).max(63)).max(10).default([]),
});
export type OnlineReportChart = z.infer<typeof onlineReportChartSchema>;

const configShape = {
  name: label('报表名称'),
  sql: z.string({ message: OnlineReportText.needSql }).trim().min(1, OnlineReportText.needSql).max(20_000, OnlineReportText.sqlTooLong),
  params: z.array(onlineReportParamSchema).max(20).default([]),
  columns: z.array(onlineReportColumnSchema).max(100).default([]),
  chart: onlineReportChartSchema.default({ type: 'none', xField: '', yFields: [] }),
};

type ConfigShape = { params: OnlineReportParam[]; columns: OnlineReportColumn[]; chart: OnlineReportChart };
function configRules(v: ConfigShape, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  v.params.forEach((p, i) => {
    if (seen.has(p.name)) ctx.addIssue({ code: 'custom', path: ['params', i, 'name'], message: `${OnlineReportText.duplicateParam}：${p.name}` });
    seen.add(p.name);
  });
  const fields = new Set<string>();
  v.columns.forEach((c, i) => {
    if (fields.has(c.field)) ctx.addIssue({ code: 'custom', path: ['columns', i, 'field'], message: `${OnlineReportText.duplicateColumn}：${c.field}` });
    fields.add(c.field);
  });
  if (v.chart.type !== 'none') {
    if (!v.chart.xField) ctx.addIssue({ code: 'custom', path: ['chart', 'xField'], message: OnlineReportText.xAxisNeeded });
    if (v.chart.yFields.length === 0) ctx.addIssue({ code: 'custom', path: ['chart', 'yFields'], message: OnlineReportText.yAxisNeeded });
  }
}

/** A report's configuration (add): code, name, SQL, search parameters, columns and chart. */
export const onlineReportCreateSchema = z
  .object({ code: z.string({ message: '请输入报表编码!' }).trim().regex(ONLINE_REPORT_IDENTIFIER, OnlineReportText.badCode), ...configShape })
  .superRefine(configRules);
export type OnlineReportCreate = z.infer<typeof onlineReportCreateSchema>;

/** Edit: the code stays; `version` is the optimistic lock. */
export const onlineReportEditSchema = z
  .object({ id: z.uuid(), version: z.number().int().min(1), ...configShape })
  .superRefine(configRules);
export type OnlineReportEdit = z.infer<typeof onlineReportEditSchema>;

export const onlineReportSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sql: z.string(),
  params: z.array(onlineReportParamSchema),
  columns: z.array(onlineReportColumnSchema),
  chart: onlineReportChartSchema,
  /** The generated menu entry's path, when one was generated. */
  menuPath: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OnlineReport = z.infer<typeof onlineReportSchema>;

export const onlineReportListQuerySchema = pageQuerySchema.extend({
  code: z.string().trim().max(40).optional(),
  name: z.string().trim().max(50).optional(),
  column: z.enum(['code', 'name', 'createdAt', 'updatedAt']).optional(),
});
export type OnlineReportListQuery = z.infer<typeof onlineReportListQuerySchema>;
export const onlineReportPageSchema = pageResultSchema(onlineReportSchema);

/** Parameter values by name (text as typed; converted by the parameter's type on the server). */
export const onlineReportParamValuesSchema = z.record(z.string(), z.union([z.string().max(200), z.number(), z.null()])).default({});
export type OnlineReportParamValues = z.infer<typeof onlineReportParamValuesSchema>;

/** Preview: an unsaved configuration run with sample parameter values. */
export const onlineReportPreviewSchema = z
  .object({ ...configShape, name: z.string().trim().max(50).default(''), values: onlineReportParamValuesSchema })
  .superRefine(configRules);
export type OnlineReportPreview = z.infer<typeof onlineReportPreviewSchema>;

export const onlineReportRowSchema = z.record(z.string(), z.unknown());
export type OnlineReportRow = Record<string, unknown>;

export const onlineReportPreviewResultSchema = z.object({
  /** The columns the query returned, in order. */
  fields: z.array(z.string()),
  rows: z.array(onlineReportRowSchema),
  /** More rows than the preview shows. */
  capped: z.boolean(),
});
export type OnlineReportPreviewResult = z.infer<typeof onlineReportPreviewResultSchema>;

export const onlineReportMenuSchema = z.object({ id: z.uuid() });

/** A report page's data query: paging plus parameter values. */
export const onlineReportDataQuerySchema = pageQuerySchema.extend({ values: onlineReportParamValuesSchema });
export type OnlineReportDataQuery = z.infer<typeof onlineReportDataQuerySchema>;

export const onlineReportDataSchema = pageResultSchema(onlineReportRowSchema).extend({
  /** The sums of the sum columns over every row read (null when none is summed). */
  totals: onlineReportRowSchema.nullable(),
  /** The query read more than ONLINE_REPORT_ROW_CAP rows: the pages and totals cover the first ones. */
  capped: z.boolean(),
});
export type OnlineReportData = z.infer<typeof onlineReportDataSchema>;

/** What a report's page needs to draw itself (no SQL) and the caller's actions on it. */
export const onlineReportPageConfigSchema = z.object({
  code: z.string(),
  name: z.string(),
  params: z.array(onlineReportParamSchema),
  columns: z.array(onlineReportColumnSchema),
  chart: onlineReportChartSchema,
  actions: z.array(z.enum(['view', 'export'])),
});
export type OnlineReportPageConfig = z.infer<typeof onlineReportPageConfigSchema>;
