import { definePermissions } from '../permission/define-permissions.js';

/** Actions of 一级模块 and the titles of their buttons. */
export const ModuleSwitchPermission = definePermissions({
  moduleSwitchList: ['base:module:list', '查看一级模块'],
  moduleSwitchEdit: ['base:module:edit', '启用/停用一级模块'],
});
