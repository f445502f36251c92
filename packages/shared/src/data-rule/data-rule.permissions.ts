import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the data-rule module and the titles of their buttons. */
export const DataRulePermission = definePermissions({
  /** Lifts a user's data scope to the whole company (spec §6). */
  allHrData: ['allhrdata', '全公司数据', { routed: false }],
  /** 数据规则: read rules and the registered columns. */
  dataRuleList: ['system:dataRule:list', '查看数据规则'],
  dataRuleAdd: ['system:dataRule:add', '新增数据规则'],
  dataRuleEdit: ['system:dataRule:edit', '编辑数据规则'],
  dataRuleDelete: ['system:dataRule:delete', '删除数据规则'],
});
