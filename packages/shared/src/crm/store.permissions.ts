import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the store module and the titles of their buttons. */
export const StorePermission = definePermissions({
  /** 门店. */
  storeList: ['base:store:list', '查询门店'],
  storeAdd: ['base:store:add', '新增门店'],
  storeEdit: ['base:store:edit', '编辑门店'],
  storeStatus: ['base:store:status', '启用/停用门店'],
});
