import { NumberRulePermission } from './number-rule.permissions.js';
import { crudContracts } from '../resource/index.js';
import { numberRuleResource } from './number-rule.schema.js';

/**
 * 编码规则. Numbers themselves are drawn on the server by the module that saves the record
 * (`nextNumber` of the number-rule service), never by the browser. A deleted rule's issued numbers
 * stay reserved: a rule created again with its code never repeats them.
 */
export const numberRuleContract = crudContracts(numberRuleResource, 'numberRule', {
  list: NumberRulePermission.numberRuleList,
  add: NumberRulePermission.numberRuleAdd,
  edit: NumberRulePermission.numberRuleEdit,
  delete: NumberRulePermission.numberRuleDelete,
}, { queryById: false });
