import { z } from 'zod';

export const PermissionAdminText = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  hasChildren: '该菜单下还有子菜单或按钮，请先删除它们',
  pathTaken: '菜单路径已存在',
  actionTaken: '授权标识已存在',
  parentMissing: '上级菜单不存在',
  parentRequired: '请选择上级菜单!',
  parentIsButton: '上级只能是菜单，不能是按钮',
  parentIsDescendant: '上级菜单不能是自己或自己的下级',
  builtinAction: '系统内置的授权标识不能修改',
  superGroupOnly: '只有超级管理员可以将系统内置的授权标识设为无需授权，或改到已有的菜单/按钮上',
  typeChangeWithChildren: '该菜单下还有子菜单或按钮，不能改为按钮',
} as const;

/** 0 一级菜单 (top level), 1 子菜单 (under a menu), 2 按钮/权限 (an action under a menu). */
export const PERMISSION_MENU_TYPES = [0, 1, 2] as const;
export type PermissionMenuType = (typeof PERMISSION_MENU_TYPES)[number];
export const PermissionMenuTypeLabel: Record<PermissionMenuType, string> = { 0: '一级菜单', 1: '子菜单', 2: '按钮/权限' };

/** '1': hidden when not held; '2': shown disabled when not held (excluded from the browser's checks, spec §5). */
export const PERMISSION_AUTH_TYPES = ['1', '2'] as const;
export type PermissionAuthType = (typeof PERMISSION_AUTH_TYPES)[number];
export const PermissionAuthTypeLabel: Record<PermissionAuthType, string> = { '1': '可见/可访问(授权后可见)', '2': '可编辑(未授权时禁用)' };

/** '1': only holders pass; '0': open to every signed-in user (the all-auth list's "enabled", spec §3/§5). */
export const PERMISSION_STATUSES = ['0', '1'] as const;
export type PermissionStatus = (typeof PERMISSION_STATUSES)[number];
export const PermissionStatusLabel: Record<PermissionStatus, string> = { '1': '需授权', '0': '无需授权' };

/** One menu or button of the permission tree (`sys_permission`); the tree is shared by every company. */
export const permissionNodeSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  menuType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Title (菜单名称 / 按钮名称). */
  name: z.string(),
  /** Route path of a menu (unique among menus); null for a button. */
  path: z.string().nullable(),
  /** Route name; derived from the path (`/food/messageRecord` → `food-messageRecord`) when not set. */
  routeName: z.string().nullable(),
  /** Page key `module/Page`, `layouts/RouteView` for a folder, `IframePageView` for an iframe link. */
  component: z.string().nullable(),
  redirect: z.string().nullable(),
  icon: z.string().nullable(),
  /** Address of an external link or an iframe page. */
  url: z.string().nullable(),
  /** false: listed in the menu but not registered as a route (route flag '0'). */
  route: z.boolean(),
  hidden: z.boolean(),
  alwaysShow: z.boolean(),
  keepAlive: z.boolean(),
  /** true: opens in a new window; false: inside the shell (an iframe when `url` is set). */
  internalOrExternal: z.boolean(),
  sort: z.number().int(),
  /** 授权标识 (perms): the action a route or button needs, e.g. `system:user:add`; unique. */
  action: z.string().nullable(),
  authType: z.enum(PERMISSION_AUTH_TYPES),
  status: z.enum(PERMISSION_STATUSES),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the node has children (for lazy tree loading). */
  hasChildren: z.boolean(),
});
export type PermissionNode = z.infer<typeof permissionNodeSchema>;

/** A node of the whole tree, shaped for antd Tree (checkboxes) and TreeSelect (parent picker). */
export interface PermissionTreeNode {
  key: string;
  value: string;
  title: string;
  menuType: PermissionMenuType;
  action: string | null;
  isLeaf: boolean;
  children: PermissionTreeNode[];
}
export const permissionTreeNodeSchema: z.ZodType<PermissionTreeNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    value: z.string(),
    title: z.string(),
    menuType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    action: z.string().nullable(),
    isLeaf: z.boolean(),
    children: z.array(permissionTreeNodeSchema),
  }),
);

export const permissionTreeQuerySchema = z.object({
  /** Leave the buttons out (a parent picker). */
  menuOnly: z.boolean().optional(),
});

export const permissionTreeResultSchema = z.object({
  treeList: z.array(permissionTreeNodeSchema),
  /** Every id in the tree (expand all / select all). */
  ids: z.array(z.string()),
});
export type PermissionTreeResult = z.infer<typeof permissionTreeResultSchema>;

export const permissionSearchSchema = z.object({
  /** Part of the title. */
  name: z.string().trim().max(100).optional(),
  /** Part of the path. */
  path: z.string().trim().max(255).optional(),
  /** Part of the action code. */
  action: z.string().trim().max(128).optional(),
  menuType: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
});
export type PermissionSearch = z.infer<typeof permissionSearchSchema>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

const routePath = (max: number, label: string) =>
  optionalText(max, `${label}不能超过${max}个字符`).refine((v) => v === null || /^\/[^\s]*$/.test(v), { message: `${label}必须以 / 开头且不能含空格` });

const fields = {
  /** Ignored for a 一级菜单 (always top level); required for 子菜单 and 按钮. */
  parentId: z.uuid({ message: '上级菜单ID不正确' }).nullish().transform((v) => v ?? null),
  menuType: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: '请选择菜单类型!' }),
  name: z.string().trim().min(1, '请输入名称!').max(100, '名称不能超过100个字符'),
  path: routePath(255, '菜单路径'),
  routeName: optionalText(128, '路由名称不能超过128个字符').refine((v) => v === null || /^[A-Za-z0-9_-]+$/.test(v), {
    message: '路由名称只能包含字母、数字、_ 和 -',
  }),
  component: optionalText(255, '前端组件不能超过255个字符').refine((v) => v === null || /^[A-Za-z0-9_/-]+$/.test(v), {
    message: '前端组件只能包含字母、数字、_、- 和 /',
  }),
  redirect: routePath(255, '默认跳转地址'),
  icon: optionalText(64, '菜单图标不能超过64个字符').refine((v) => v === null || /^[A-Za-z0-9_-]+$/.test(v), { message: '菜单图标只能包含字母、数字、_ 和 -' }),
  url: optionalText(500, '链接地址不能超过500个字符').refine((v) => v === null || /^(https?:\/\/|\/)[^\s]*$/i.test(v), {
    message: '链接地址必须以 http://、https:// 或 / 开头',
  }),
  route: z.boolean().default(true),
  hidden: z.boolean().default(false),
  alwaysShow: z.boolean().default(false),
  keepAlive: z.boolean().default(false),
  internalOrExternal: z.boolean().default(false),
  sort: z.number({ message: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(100000, '排序不能大于100000').default(0),
  action: optionalText(128, '授权标识不能超过128个字符').refine((v) => v === null || /^[A-Za-z0-9_:.-]+$/.test(v), {
    message: '授权标识只能包含字母、数字和 : _ . -',
  }),
  authType: z.enum(PERMISSION_AUTH_TYPES, { message: '授权策略不正确' }).default('1'),
  status: z.enum(PERMISSION_STATUSES, { message: '状态不正确' }).default('1'),
};

type NodeInput = { menuType: PermissionMenuType; parentId: string | null; path: string | null; action: string | null };

// A menu needs a path; a sub menu or a button needs a parent; a button needs an action code.
function checkShape(value: NodeInput, ctx: z.RefinementCtx): void {
  if (value.menuType !== 2 && !value.path) ctx.addIssue({ code: 'custom', path: ['path'], message: '请输入菜单路径!' });
  if (value.menuType !== 0 && !value.parentId) ctx.addIssue({ code: 'custom', path: ['parentId'], message: PermissionAdminText.parentRequired });
  if (value.menuType === 2 && !value.action) ctx.addIssue({ code: 'custom', path: ['action'], message: '请输入授权标识!' });
}

export const permissionCreateSchema = z.object(fields).superRefine(checkShape);
export type PermissionCreate = z.infer<typeof permissionCreateSchema>;

export const permissionEditSchema = z
  .object({ id: z.uuid({ message: '缺少权限ID' }), version: z.number().int().min(1), ...fields })
  .superRefine(checkShape);
export type PermissionEdit = z.infer<typeof permissionEditSchema>;
