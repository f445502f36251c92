import { defineContract } from '../api/contract.js';
import { CheckRulePermission } from './check-rule.permissions.js';
import { crudContracts } from '../resource/index.js';
import { checkByCodeSchema, checkOutcomeSchema, checkRuleResource } from './check-rule.schema.js';

/**
 * 校验规则: administered with the checkRule actions; any signed-in form may run one by code. A pattern
 * that is not a valid regular expression, or may backtrack catastrophically, answers 101 on add and edit.
 */
export const checkRuleContract = {
  ...crudContracts(checkRuleResource, 'checkRule', { list: CheckRulePermission.checkRuleList, add: CheckRulePermission.checkRuleAdd, edit: CheckRulePermission.checkRuleEdit, delete: CheckRulePermission.checkRuleDelete }, { queryById: false }),
  /** Rule check (spec §3 payload). An empty value passes; an unknown rule answers 101. */
  checkByCode: defineContract({ method: 'POST', path: '/online/checkRule/checkByCode', access: 'authenticated', body: checkByCodeSchema, result: checkOutcomeSchema }),
};
