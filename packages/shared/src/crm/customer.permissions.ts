import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the customer module and the titles of their buttons. */
export const CustomerPermission = definePermissions({
  /** 客户. */
  customerList: ['crm:customer:list', '查询客户'],
  customerAdd: ['crm:customer:add', '新增客户'],
  customerEdit: ['crm:customer:edit', '编辑客户'],
  customerExport: ['crm:customer:export', '导出客户'],
  /** 查看完整证件号: lists always mask ID numbers; by id the full number needs this action. */
  customerViewIdNo: ['crm:customer:viewIdNo', '查看完整证件号', { routed: false }],
  /** 门店范围客户: like `crm:lead:storeScope`, its holders get this button's data rules instead of the 客户 menu's. */
  customerStoreScope: ['crm:customer:storeScope', '门店范围客户', { routed: false }],
});
