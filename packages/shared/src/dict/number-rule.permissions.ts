import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the number-rule module and the titles of their buttons. */
export const NumberRulePermission = definePermissions({
  /** 编码规则. */
  numberRuleList: ['system:numberRule:list', '查看编码规则'],
  numberRuleAdd: ['system:numberRule:add', '新增编码规则'],
  numberRuleEdit: ['system:numberRule:edit', '编辑编码规则'],
  numberRuleDelete: ['system:numberRule:delete', '删除编码规则'],
});
