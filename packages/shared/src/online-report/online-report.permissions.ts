import { definePermissions } from '../permission/define-permissions.js';

/**
 * Actions of 报表配置 (/online/report). A report's SQL and its menu entry are shared by every company,
 * so these count in the platform company only (GLOBAL_ACTIONS).
 */
export const OnlineReportPermission = definePermissions({
  onlineReportList: ['online:report:list', '查看'],
  onlineReportAdd: ['online:report:add', '新增'],
  onlineReportEdit: ['online:report:edit', '编辑'],
  onlineReportDelete: ['online:report:delete', '删除'],
  onlineReportMenu: ['online:report:menu', '生成菜单'],
});

/** The actions of a report's generated page; each is a button under its menu entry. */
export const ONLINE_REPORT_ACTIONS = ['view', 'export'] as const;
export type OnlineReportAction = (typeof ONLINE_REPORT_ACTIONS)[number];
export const ONLINE_REPORT_ACTION_TITLES: Record<OnlineReportAction, string> = { view: '查看', export: '导出' };

/** `online:cgreport:<code>:<view|export>`: the action a report's page route asks for (checked by its handler). */
export function onlineReportAction(code: string, action: OnlineReportAction): string {
  return `online:cgreport:${code}:${action}`;
}

/** The menu path of a report's generated page. */
export function onlineReportMenuPath(code: string): string {
  return `/online/cgreportList/${code}`;
}
