import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

/** User-visible texts of 表单配置 and the generated pages. */
export const OnlineFormText = {
  badIdentifier: '只能以小写字母开头，包含小写字母、数字和下划线，长度2到40',
  reservedColumn: '是系统字段，不能使用',
  tableTaken: '表名已存在',
  duplicateField: '字段名重复',
  needDict: '请选择字典',
  treeNeedsLabel: '树表请选择显示字段',
  subNeeded: '请至少添加一个子表',
  noSubForSingle: '该表类型不能有子表',
  notSynced: '表单尚未同步数据库',
  confirmDrop: '同步将删除以下字段及其数据，请确认',
  synced: '同步成功！',
  menuCreated: '菜单生成成功！',
  unknownForm: '表单不存在',
  badIndexField: '索引字段不存在',
} as const;

/** Columns every online table has; a configured field may not take these names. */
export const ONLINE_SYSTEM_COLUMNS = ['id', 'company_id', 'created_by', 'created_at', 'updated_by', 'updated_at', 'version', 'pid', 'has_child'] as const;

/**
 * A table or column name: validated here, then always quoted as an identifier by the server (never
 * interpolated). Lower-case so the name in the database is the name configured.
 */
export const onlineIdentifier = (label: string) =>
  z
    .string({ message: `请输入${label}!` })
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,39}$/, `${label}${OnlineFormText.badIdentifier}`)
    .superRefine((v, ctx) => {
      if ((ONLINE_SYSTEM_COLUMNS as readonly string[]).includes(v)) ctx.addIssue({ code: 'custom', message: `${v}${OnlineFormText.reservedColumn}` });
    });

export const ONLINE_FIELD_TYPES = [
  'text', 'number', 'money', 'date', 'datetime', 'select', 'radio', 'checkbox', 'switch',
  'image', 'file', 'textarea', 'richtext', 'user', 'department', 'dict',
] as const;
export type OnlineFieldType = z.infer<typeof onlineFieldTypeSchema>;
export const onlineFieldTypeSchema = z.enum(ONLINE_FIELD_TYPES, { message: '请选择字段类型!' });

/** Labels of the field types (the designer's select). */
export const ONLINE_FIELD_TYPE_LABELS: Record<OnlineFieldType, string> = {
  text: '文本', number: '数值', money: '金额', date: '日期', datetime: '日期时间', select: '下拉框',
  radio: '单选框', checkbox: '多选框', switch: '开关', image: '图片', file: '文件', textarea: '多行文本',
  richtext: '富文本', user: '用户', department: '部门', dict: '字典',
};

/** Types whose values come from a dictionary (dictCode required). */
export const ONLINE_DICT_TYPES: readonly OnlineFieldType[] = ['select', 'radio', 'checkbox', 'dict'];

export const ONLINE_FORM_TYPES = ['single', 'master', 'tree', 'erp', 'inner'] as const;
export const onlineFormTypeSchema = z.enum(ONLINE_FORM_TYPES, { message: '请选择表类型!' });
export type OnlineFormType = z.infer<typeof onlineFormTypeSchema>;
/** 单表, 一对多 (主子表), 树表, ERP (master with tabbed children), 内嵌子表 (children edited inline). */
export const ONLINE_FORM_TYPE_LABELS: Record<OnlineFormType, string> = {
  single: '单表', master: '一对多', tree: '树表', erp: 'ERP', inner: '内嵌子表',
};
/** Form types that have child tables. */
export const ONLINE_TYPES_WITH_SUBS: readonly OnlineFormType[] = ['master', 'erp', 'inner'];

export const onlineFieldSchema = z
  .object({
    name: onlineIdentifier('字段名'),
    label: z.string({ message: '请输入字段备注!' }).trim().min(1, '请输入字段备注!').max(50, '字段备注不能超过50个字符'),
    type: onlineFieldTypeSchema,
    /** text/textarea: max characters (1–4000); number: digits in all (1–18); others ignore it. */
    length: z.number().int().min(1, '字段长度不能小于1').max(4000, '字段长度不能大于4000').default(100),
    /** number: digits after the point (0–6). money is always 2. */
    scale: z.number().int().min(0).max(6).default(0),
    required: z.boolean().default(false),
    /** Default value as text (number, date `YYYY-MM-DD`, switch `true`/`false` …); empty = none. */
    defaultValue: z.string().trim().max(200).default(''),
    /** A check rule's code (校验规则, the dictionary module's field rules); empty = none. */
    ruleCode: z.string().trim().max(64).default(''),
    dictCode: z.string().trim().max(64).default(''),
    list: z.boolean().default(true),
    search: z.boolean().default(false),
    sort: z.boolean().default(false),
    export: z.boolean().default(true),
  })
  .refine((f) => !ONLINE_DICT_TYPES.includes(f.type) || f.dictCode !== '', { message: OnlineFormText.needDict, path: ['dictCode'] });
export type OnlineField = z.infer<typeof onlineFieldSchema>;
export type OnlineFieldInput = z.input<typeof onlineFieldSchema>;

export const onlineIndexSchema = z.object({
  name: onlineIdentifier('索引名'),
  fields: z.array(z.string()).min(1, '请选择索引字段').max(5),
  unique: z.boolean().default(false),
});
export type OnlineIndex = z.infer<typeof onlineIndexSchema>;

function uniqueNames(fields: { name: string }[], ctx: z.RefinementCtx, path: (string | number)[]) {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (seen.has(f.name)) ctx.addIssue({ code: 'custom', message: `${f.name}${OnlineFormText.duplicateField}`, path: [...path, i, 'name'] });
    seen.add(f.name);
  });
}

function indexFieldsExist(table: { fields: { name: string }[]; indexes: OnlineIndex[] }, ctx: z.RefinementCtx, path: (string | number)[]) {
  const names = new Set(table.fields.map((f) => f.name));
  table.indexes.forEach((index, i) => {
    if (index.fields.some((f) => !names.has(f))) ctx.addIssue({ code: 'custom', message: OnlineFormText.badIndexField, path: [...path, i, 'fields'] });
  });
}

/** A child table of 一对多 / ERP / 内嵌子表: its own fields, and the column holding the master's id. */
export const onlineSubTableSchema = z
  .object({
    tableName: onlineIdentifier('子表表名'),
    title: z.string().trim().min(1, '请输入子表描述!').max(50),
    /** Column of the child referencing the master row (uuid, ON DELETE CASCADE). */
    fkField: onlineIdentifier('外键字段'),
    fields: z.array(onlineFieldSchema).min(1, '请至少添加一个字段').max(100),
    indexes: z.array(onlineIndexSchema).max(10).default([]),
  })
  .superRefine((t, ctx) => {
    uniqueNames(t.fields, ctx, ['fields']);
    indexFieldsExist(t, ctx, ['indexes']);
    if (t.fields.some((f) => f.name === t.fkField)) ctx.addIssue({ code: 'custom', message: `${t.fkField}${OnlineFormText.duplicateField}`, path: ['fkField'] });
  });
export type OnlineSubTable = z.infer<typeof onlineSubTableSchema>;

const formShape = {
  /** The master table's name: `online_data.<tableName>`; also the form's code in paths and actions. */
  tableName: onlineIdentifier('表名'),
  title: z.string({ message: '请输入表描述!' }).trim().min(1, '请输入表描述!').max(50, '表描述不能超过50个字符'),
  formType: onlineFormTypeSchema,
  fields: z.array(onlineFieldSchema).min(1, '请至少添加一个字段').max(100),
  indexes: z.array(onlineIndexSchema).max(10).default([]),
  /** 树表: the field shown as the node's text (a text field of the table). The parent column is `pid`. */
  treeLabelField: z.string().trim().max(40).default(''),
  subTables: z.array(onlineSubTableSchema).max(5).default([]),
};

function formRules(f: { formType: OnlineFormType; fields: OnlineField[]; indexes: OnlineIndex[]; treeLabelField: string; subTables: OnlineSubTable[]; tableName: string }, ctx: z.RefinementCtx) {
  uniqueNames(f.fields, ctx, ['fields']);
  indexFieldsExist(f, ctx, ['indexes']);
  const hasSubs = ONLINE_TYPES_WITH_SUBS.includes(f.formType);
  if (hasSubs && f.subTables.length === 0) ctx.addIssue({ code: 'custom', message: OnlineFormText.subNeeded, path: ['subTables'] });
  if (!hasSubs && f.subTables.length > 0) ctx.addIssue({ code: 'custom', message: OnlineFormText.noSubForSingle, path: ['subTables'] });
  if (f.formType === 'tree' && !f.fields.some((x) => x.name === f.treeLabelField)) ctx.addIssue({ code: 'custom', message: OnlineFormText.treeNeedsLabel, path: ['treeLabelField'] });
  const tables = [f.tableName, ...f.subTables.map((s) => s.tableName)];
  tables.forEach((name, i) => {
    if (tables.indexOf(name) !== i) ctx.addIssue({ code: 'custom', message: OnlineFormText.tableTaken, path: ['subTables', i - 1, 'tableName'] });
  });
}

export const onlineFormCreateSchema = z.object(formShape).superRefine(formRules);
export const onlineFormEditSchema = z
  .object({ id: z.uuid({ message: '缺少表单ID' }), version: z.number().int().min(1), ...formShape })
  .superRefine(formRules);
export type OnlineFormCreate = z.infer<typeof onlineFormCreateSchema>;
export type OnlineFormCreateInput = z.input<typeof onlineFormCreateSchema>;
export type OnlineFormEdit = z.infer<typeof onlineFormEditSchema>;

/** What the database holds compared with the configuration. */
export const ONLINE_SYNC_STATES = ['unsynced', 'synced', 'changed'] as const;
export const ONLINE_SYNC_STATE_LABELS = { unsynced: '未同步', synced: '已同步', changed: '待同步' } as const;

export const onlineFormSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  tableName: z.string(),
  title: z.string(),
  formType: onlineFormTypeSchema,
  fields: z.array(onlineFieldSchema),
  indexes: z.array(onlineIndexSchema),
  treeLabelField: z.string(),
  subTables: z.array(onlineSubTableSchema),
  syncState: z.enum(ONLINE_SYNC_STATES),
  syncedAt: z.string().nullable(),
  /** The menu entry of its generated page, once 生成菜单 made one. */
  menuPath: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OnlineForm = z.infer<typeof onlineFormSchema>;

export const onlineFormListQuerySchema = pageQuerySchema.extend({
  column: z.enum(['createdAt', 'tableName', 'title'], { message: '不支持的排序字段' }).optional(),
  tableName: z.string().trim().max(40).optional(),
  title: z.string().trim().max(50).optional(),
  formType: onlineFormTypeSchema.optional(),
});
export const onlineFormPageSchema = pageResultSchema(onlineFormSchema);

export const onlineFormSyncSchema = z.object({
  id: z.uuid({ message: '缺少表单ID' }),
  /** The configuration's version the administrator looked at. */
  version: z.number().int().min(1),
  /** Drop the columns (and tables) the configuration no longer has, with their data. */
  confirmDrop: z.boolean().default(false),
});

export const onlineSyncResultSchema = z.object({
  /** false: nothing changed, because columns would be dropped and `confirmDrop` was not given. */
  applied: z.boolean(),
  /** `table.column` (or `table` for a whole child table) that a sync drops. */
  drops: z.array(z.string()),
  /** The DDL run (or that would run), for the history and the confirmation. */
  statements: z.array(z.string()),
  form: onlineFormSchema,
});
export type OnlineSyncResult = z.infer<typeof onlineSyncResultSchema>;

export const onlineMigrationSchema = z.object({
  id: z.string(),
  formVersion: z.number().int(),
  statements: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
});
export const onlineMigrationListSchema = z.array(onlineMigrationSchema);

/** 生成菜单: an entry under 在线开发 (or `parentPath`) for the form's generated page, with its buttons. */
export const onlineFormMenuSchema = z.object({
  id: z.uuid({ message: '缺少表单ID' }),
  /** The menu folder to put it under; default the 在线开发 folder `/online`. */
  parentPath: z.string().trim().max(200).default('/online'),
});
