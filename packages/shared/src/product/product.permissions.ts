import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the product module and the titles of their buttons. */
export const ProductPermission = definePermissions({
  productList: ['base:product:list', '查询产品'],
  productAdd: ['base:product:add', '新增产品'],
  productEdit: ['base:product:edit', '编辑产品'],
  productStatus: ['base:product:status', '启用/停用产品'],
  productExport: ['base:product:export', '导出产品'],
});
