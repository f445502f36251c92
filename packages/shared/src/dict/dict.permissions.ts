import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the dict module and the titles of their buttons. */
export const DictPermission = definePermissions({
  /** 字典类型 / 数据字典 (reading items for selects is open to every signed-in user). */
  dictList: ['system:dict:list', '查看字典'],
  dictAdd: ['system:dict:add', '新增字典'],
  dictEdit: ['system:dict:edit', '编辑字典'],
  dictDelete: ['system:dict:delete', '删除字典'],
});
