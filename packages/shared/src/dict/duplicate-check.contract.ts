import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { checkOutcomeSchema } from './check-rule.schema.js';

export const DuplicateCheckText = {
  available: '该值可用！',
  taken: '该值不可用，系统中已存在！',
  /** tableName/fieldName is not a registered pair: nothing is queried. */
  notCheckable: '不支持校验该字段',
} as const;

/**
 * Duplicate check payload (spec §3). `tableName`/`fieldName` name a pair a module registered on the
 * server — they are keys, never SQL identifiers. `dataId`: the record being edited, which does not count.
 */
export const duplicateCheckSchema = z.object({
  tableName: z.string().trim().min(1, '缺少表名').max(64),
  fieldName: z.string().trim().min(1, '缺少字段名').max(64),
  fieldVal: z.string().max(500, '校验的值不能超过500个字符').default(''),
  // The browser sends '' for a new record.
  dataId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.uuid({ message: '数据ID不正确' }).optional()),
});
export type DuplicateCheck = z.input<typeof duplicateCheckSchema>;

export const duplicateCheckContract = {
  /** An empty value passes without a query; an unregistered pair answers 101. */
  check: defineContract({
    method: 'POST',
    path: '/online/duplicate/check',
    access: 'authenticated',
    body: duplicateCheckSchema,
    result: checkOutcomeSchema,
  }),
};
