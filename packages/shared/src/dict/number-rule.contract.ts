import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { Permission } from '../permissions.js';
import { numberRuleCreateSchema, numberRuleEditSchema, numberRuleListQuerySchema, numberRulePageSchema, numberRuleSchema, NumberRuleText } from './number-rule.schema.js';

/**
 * 编码规则. Numbers themselves are drawn on the server by the module that saves the record
 * (`nextNumber` of the number-rule service), never by the browser.
 */
export const numberRuleContract = {
  list: defineContract({
    method: 'POST',
    path: '/online/numberRule/list',
    access: Permission.numberRuleList,
    body: numberRuleListQuerySchema,
    result: numberRulePageSchema,
  }),
  add: defineContract({
    method: 'POST',
    path: '/online/numberRule/add',
    access: Permission.numberRuleAdd,
    body: numberRuleCreateSchema,
    result: numberRuleSchema,
    successMessage: NumberRuleText.added,
  }),
  edit: defineContract({
    method: 'POST',
    path: '/online/numberRule/edit',
    access: Permission.numberRuleEdit,
    body: numberRuleEditSchema,
    result: numberRuleSchema,
    successMessage: NumberRuleText.edited,
  }),
  /** Numbers already issued under the code stay reserved: a rule created again with it never repeats them. */
  delete: defineContract({
    method: 'POST',
    path: '/online/numberRule/delete',
    access: Permission.numberRuleDelete,
    body: z.object({ id: z.uuid({ message: '缺少规则ID' }) }),
    result: z.null(),
    successMessage: NumberRuleText.deleted,
  }),
};
