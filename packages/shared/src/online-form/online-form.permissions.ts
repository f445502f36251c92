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

// The seeded example forms (在线开发's five example pages): their generated pages' buttons hang under the
// example entries of the product menu. Checked by the generated pages' handlers (assertHoldsAction),
// not by a route's declaration.
const R = { routed: false } as const;
export const OnlineDemoSinglePermission = definePermissions({
  onlineDemoSingleList: ['online:cgform:nursing_consumable:list', '查看', R],
  onlineDemoSingleAdd: ['online:cgform:nursing_consumable:add', '新增', R],
  onlineDemoSingleEdit: ['online:cgform:nursing_consumable:edit', '编辑', R],
  onlineDemoSingleDelete: ['online:cgform:nursing_consumable:delete', '删除', R],
  onlineDemoSingleExport: ['online:cgform:nursing_consumable:export', '导出', R],
  onlineDemoSingleImport: ['online:cgform:nursing_consumable:import', '导入', R],
});
export const OnlineDemoOneToManyPermission = definePermissions({
  onlineDemoOneToManyList: ['online:cgform:purchase_order:list', '查看', R],
  onlineDemoOneToManyAdd: ['online:cgform:purchase_order:add', '新增', R],
  onlineDemoOneToManyEdit: ['online:cgform:purchase_order:edit', '编辑', R],
  onlineDemoOneToManyDelete: ['online:cgform:purchase_order:delete', '删除', R],
  onlineDemoOneToManyExport: ['online:cgform:purchase_order:export', '导出', R],
  onlineDemoOneToManyImport: ['online:cgform:purchase_order:import', '导入', R],
});
export const OnlineDemoTreePermission = definePermissions({
  onlineDemoTreeList: ['online:cgform:service_category:list', '查看', R],
  onlineDemoTreeAdd: ['online:cgform:service_category:add', '新增', R],
  onlineDemoTreeEdit: ['online:cgform:service_category:edit', '编辑', R],
  onlineDemoTreeDelete: ['online:cgform:service_category:delete', '删除', R],
  onlineDemoTreeExport: ['online:cgform:service_category:export', '导出', R],
  onlineDemoTreeImport: ['online:cgform:service_category:import', '导入', R],
});
export const OnlineDemoErpPermission = definePermissions({
  onlineDemoErpList: ['online:cgform:package_plan:list', '查看', R],
  onlineDemoErpAdd: ['online:cgform:package_plan:add', '新增', R],
  onlineDemoErpEdit: ['online:cgform:package_plan:edit', '编辑', R],
  onlineDemoErpDelete: ['online:cgform:package_plan:delete', '删除', R],
  onlineDemoErpExport: ['online:cgform:package_plan:export', '导出', R],
  onlineDemoErpImport: ['online:cgform:package_plan:import', '导入', R],
});
export const OnlineDemoInnerPermission = definePermissions({
  onlineDemoInnerList: ['online:cgform:baby_care_record:list', '查看', R],
  onlineDemoInnerAdd: ['online:cgform:baby_care_record:add', '新增', R],
  onlineDemoInnerEdit: ['online:cgform:baby_care_record:edit', '编辑', R],
  onlineDemoInnerDelete: ['online:cgform:baby_care_record:delete', '删除', R],
  onlineDemoInnerExport: ['online:cgform:baby_care_record:export', '导出', R],
  onlineDemoInnerImport: ['online:cgform:baby_care_record:import', '导入', R],
});

/** The five example forms: the menu entry whose page shows each, its table and its buttons. */
export const ONLINE_EXAMPLES = [
  { menuPath: '/online/demo/single', tableName: 'nursing_consumable', permissions: OnlineDemoSinglePermission },
  { menuPath: '/online/demo/oneToMany', tableName: 'purchase_order', permissions: OnlineDemoOneToManyPermission },
  { menuPath: '/online/demo/tree', tableName: 'service_category', permissions: OnlineDemoTreePermission },
  { menuPath: '/online/demo/erp', tableName: 'package_plan', permissions: OnlineDemoErpPermission },
  { menuPath: '/online/demo/innerTable', tableName: 'baby_care_record', permissions: OnlineDemoInnerPermission },
] as const;

/** Every example's buttons (the aggregate Permission map spreads it). */
export const OnlineExamplePermission = {
  ...OnlineDemoSinglePermission,
  ...OnlineDemoOneToManyPermission,
  ...OnlineDemoTreePermission,
  ...OnlineDemoErpPermission,
  ...OnlineDemoInnerPermission,
};
