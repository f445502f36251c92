import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the lead module and the titles of their buttons. */
export const LeadPermission = definePermissions({
  /** 线索 and the pool (公海). */
  leadList: ['crm:lead:list', '查询线索'],
  leadAdd: ['crm:lead:add', '新增线索'],
  leadEdit: ['crm:lead:edit', '编辑线索'],
  leadAssign: ['crm:lead:assign', '分配线索'],
  leadTransfer: ['crm:lead:transfer', '转移线索'],
  leadRelease: ['crm:lead:release', '放入公海'],
  leadPool: ['crm:lead:pool', '查看公海'],
  leadClaim: ['crm:lead:claim', '领取线索'],
  leadLost: ['crm:lead:lost', '流失/无效'],
  leadImport: ['crm:lead:import', '导入线索'],
  leadExport: ['crm:lead:export', '导出线索'],
  /** 门店范围: its holders reach leads under the data rules of this button instead of those of the 线索 menu (e.g. a 店长: their stores' leads, while consultants see their own). */
  leadStoreScope: ['crm:lead:storeScope', '门店范围线索', { routed: false }],
  /** 线索转客户. */
  leadConvert: ['crm:lead:convert', '转为客户'],
});
