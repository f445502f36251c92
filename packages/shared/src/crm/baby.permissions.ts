import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the baby module and the titles of their buttons. */
export const BabyPermission = definePermissions({
  /** 宝宝 (under a customer). */
  babyList: ['crm:baby:list', '查看宝宝'],
  babyAdd: ['crm:baby:add', '新增宝宝'],
  babyEdit: ['crm:baby:edit', '编辑宝宝'],
  babyDelete: ['crm:baby:delete', '删除宝宝'],
});
