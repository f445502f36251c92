import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the check-rule module and the titles of their buttons. */
export const CheckRulePermission = definePermissions({
  /** 校验规则. */
  checkRuleList: ['system:checkRule:list', '查看校验规则'],
  checkRuleAdd: ['system:checkRule:add', '新增校验规则'],
  checkRuleEdit: ['system:checkRule:edit', '编辑校验规则'],
  checkRuleDelete: ['system:checkRule:delete', '删除校验规则'],
});
