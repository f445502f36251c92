import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

/** The conditions a data rule may use (数据规则 · 条件). */
export const DATA_RULE_CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'NOT_IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'IS_NULL', 'NOT_NULL'] as const;
export const dataRuleConditionSchema = z.enum(DATA_RULE_CONDITIONS, { message: '请选择条件!' });
export type DataRuleCondition = z.infer<typeof dataRuleConditionSchema>;

export const DataRuleConditionLabel: Record<DataRuleCondition, string> = {
  '=': '等于',
  '!=': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  IN: '在列表中',
  NOT_IN: '不在列表中',
  LIKE: '包含',
  LEFT_LIKE: '以…结尾',
  RIGHT_LIKE: '以…开头',
  IS_NULL: '为空',
  NOT_NULL: '不为空',
};

/** Conditions that take no value. */
export const VALUELESS_CONDITIONS: readonly DataRuleCondition[] = ['IS_NULL', 'NOT_NULL'];

/** What a registered column holds; decides the conditions it allows and how its value is read. */
export const DATA_RULE_COLUMN_TYPES = ['uuid', 'text', 'number', 'date'] as const;
export type DataRuleColumnType = (typeof DATA_RULE_COLUMN_TYPES)[number];

export const DATA_RULE_CONDITIONS_BY_TYPE: Record<DataRuleColumnType, readonly DataRuleCondition[]> = {
  uuid: ['=', '!=', 'IN', 'NOT_IN', 'IS_NULL', 'NOT_NULL'],
  text: DATA_RULE_CONDITIONS,
  number: ['=', '!=', '>', '>=', '<', '<=', 'IN', 'NOT_IN', 'IS_NULL', 'NOT_NULL'],
  date: ['=', '!=', '>', '>=', '<', '<=', 'IN', 'NOT_IN', 'IS_NULL', 'NOT_NULL'],
};

/** Variables a rule value may hold, written `#{name}`; replaced per request by the signed-in user's values. */
export const DataRuleVariableLabel = {
  sys_user_id: '当前用户ID',
  sys_user_code: '当前用户账号',
  sys_org_code: '当前部门编码',
  sys_org_id: '当前部门ID',
  sys_company_id: '当前公司ID',
  sys_store_ids: '当前用户门店ID（多个，用于 IN）',
  sys_date: '当前日期',
  sys_time: '当前时间',
} as const;
export type DataRuleVariable = keyof typeof DataRuleVariableLabel;
export const DATA_RULE_VARIABLES = Object.keys(DataRuleVariableLabel) as DataRuleVariable[];

export const DataRuleText = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  unknownResource: '未知的数据资源',
  unknownColumn: '规则字段不是该数据资源登记的可过滤字段',
  conditionNotAllowed: '该字段不支持所选条件',
  unknownVariable: '规则值含有未知的变量',
  badValue: '规则值格式不正确',
  unknownPermission: '所选权限不存在',
  valueRequired: '请输入规则值!',
} as const;

const uuid = (message: string) => z.uuid({ message });

/** The fields an administrator sets. `columnKey` is a key the module registered, never SQL. */
const ruleFields = {
  permissionId: uuid('请选择权限!'),
  /** The registered data resource the rule filters (e.g. `user`). */
  resource: z.string().trim().min(1, '请选择数据资源!').max(64),
  name: z.string().trim().min(1, '请输入规则名称!').max(100),
  columnKey: z.string().trim().min(1, '请选择规则字段!').max(64),
  condition: dataRuleConditionSchema,
  /** Text; may hold `#{variables}`; for IN / NOT_IN a comma-separated list. Always bound as data. */
  value: z.string().trim().max(1000).default(''),
  enabled: z.boolean().default(true),
};

const requireValue = (rule: { condition: DataRuleCondition; value: string }, ctx: z.RefinementCtx) => {
  if (!VALUELESS_CONDITIONS.includes(rule.condition) && rule.value === '') {
    ctx.addIssue({ code: 'custom', path: ['value'], message: DataRuleText.valueRequired });
  }
};

export const dataRuleCreateSchema = z.object(ruleFields).superRefine(requireValue);
export type DataRuleCreate = z.infer<typeof dataRuleCreateSchema>;

export const dataRuleEditSchema = z
  .object({ id: uuid('缺少规则ID'), version: z.number().int().min(1), ...ruleFields })
  .superRefine(requireValue);
export type DataRuleEdit = z.infer<typeof dataRuleEditSchema>;

export const dataRuleSchema = z.object({
  id: z.string(),
  permissionId: z.string(),
  permissionName: z.string(),
  resource: z.string(),
  name: z.string(),
  columnKey: z.string(),
  /** The registered label of the column ('' when the module no longer registers it). */
  columnLabel: z.string(),
  condition: dataRuleConditionSchema,
  value: z.string(),
  enabled: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataRule = z.infer<typeof dataRuleSchema>;

/** Sort keys of the rule list; anything else is refused by validation. */
export const DATA_RULE_SORT_COLUMNS = ['name', 'createdAt', 'updatedAt'] as const;

export const dataRuleListQuerySchema = pageQuerySchema.extend({
  column: z.enum(DATA_RULE_SORT_COLUMNS).optional(),
  permissionId: uuid('权限ID不正确').optional(),
  name: z.string().trim().max(100).optional(),
});
export type DataRuleListQuery = z.infer<typeof dataRuleListQuerySchema>;
export const dataRulePageSchema = pageResultSchema(dataRuleSchema);

export const dataRuleColumnSchema = z.object({
  columnKey: z.string(),
  label: z.string(),
  type: z.enum(DATA_RULE_COLUMN_TYPES),
  conditions: z.array(dataRuleConditionSchema),
});
export const dataRuleResourceSchema = z.object({
  resource: z.string(),
  label: z.string(),
  columns: z.array(dataRuleColumnSchema),
});
export type DataRuleResource = z.infer<typeof dataRuleResourceSchema>;
