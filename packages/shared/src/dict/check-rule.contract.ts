import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { Permission } from '../permissions.js';
import {
  checkByCodeSchema,
  checkOutcomeSchema,
  checkRuleCreateSchema,
  checkRuleEditSchema,
  checkRuleListQuerySchema,
  checkRulePageSchema,
  checkRuleSchema,
  CheckRuleText,
} from './check-rule.schema.js';

/** 校验规则: administered with the checkRule actions; any signed-in form may run one by code. */
export const checkRuleContract = {
  list: defineContract({
    method: 'POST',
    path: '/online/checkRule/list',
    access: Permission.checkRuleList,
    body: checkRuleListQuerySchema,
    result: checkRulePageSchema,
  }),
  /** A pattern that is not a valid regular expression, or may backtrack catastrophically, answers 101. */
  add: defineContract({
    method: 'POST',
    path: '/online/checkRule/add',
    access: Permission.checkRuleAdd,
    body: checkRuleCreateSchema,
    result: checkRuleSchema,
    successMessage: CheckRuleText.added,
  }),
  edit: defineContract({
    method: 'POST',
    path: '/online/checkRule/edit',
    access: Permission.checkRuleEdit,
    body: checkRuleEditSchema,
    result: checkRuleSchema,
    successMessage: CheckRuleText.edited,
  }),
  delete: defineContract({
    method: 'POST',
    path: '/online/checkRule/delete',
    access: Permission.checkRuleDelete,
    body: z.object({ id: z.uuid({ message: '缺少规则ID' }) }),
    result: z.null(),
    successMessage: CheckRuleText.deleted,
  }),
  /** Rule check (spec §3 payload). An empty value passes; an unknown rule answers 101. */
  checkByCode: defineContract({
    method: 'POST',
    path: '/online/checkRule/checkByCode',
    access: 'authenticated',
    body: checkByCodeSchema,
    result: checkOutcomeSchema,
  }),
};
