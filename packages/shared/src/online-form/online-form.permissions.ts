import { definePermissions } from '../permission/define-permissions.js';

/**
 * Actions of 表单配置 (/online/form). Designing a form changes tables every company shares (the
 * `online_data` schema and the menu tree), so these count in the platform company only (GLOBAL_ACTIONS).
 */
export const OnlineFormPermission = definePermissions({
  onlineFormList: ['online:form:list', '查看'],
  onlineFormAdd: ['online:form:add', '新增'],
  onlineFormEdit: ['online:form:edit', '编辑'],
  onlineFormDelete: ['online:form:delete', '删除'],
  onlineFormSync: ['online:form:sync', '同步数据库'],
  onlineFormMenu: ['online:form:menu', '生成菜单'],
});

/** The actions of a configured form's generated page; each is a button under its menu entry. */
export const ONLINE_DATA_ACTIONS = ['list', 'add', 'edit', 'delete', 'export', 'import'] as const;
export type OnlineDataAction = (typeof ONLINE_DATA_ACTIONS)[number];

export const ONLINE_DATA_ACTION_TITLES: Record<OnlineDataAction, string> = {
  list: '查看',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  export: '导出',
  import: '导入',
};

/** `online:cgform:<tableName>:<action>`: the action guarding a generated page's route (checked by its handler). */
export function onlineDataAction(tableName: string, action: OnlineDataAction): string {
  return `online:cgform:${tableName}:${action}`;
}
