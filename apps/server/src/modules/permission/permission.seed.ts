import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { seededKeys } from './permission.repo.js';
import type { ModuleMenu, ServerModule } from '../module.js';

/** One menu entry of the product; `buttons` are the actions its page offers. */
export interface MenuSeed {
  title: string;
  path: string;
  icon?: string;
  /** Page key (`module/Page`); omitted for folders (layouts/RouteView). */
  component?: string;
  redirect?: string;
  /** Opens this address (external link / big screen) instead of a page of the shell. */
  url?: string;
  /** true: a new window; false with `url`: an iframe inside the shell. */
  external?: boolean;
  /** false: shown in the menu but not registered as a route. */
  route?: boolean;
  hidden?: boolean;
  keepAlive?: boolean;
  /** Open to every signed-in user without a grant (status '0'). */
  open?: boolean;
  children?: MenuSeed[];
  buttons?: { action: string; title: string }[];
}

/** The hidden 客户 360 route (a child of 客户); the page reads the customer id from the path. */
export const CUSTOMER_DETAIL_PATH = '/crm/customer/detail/:id';

const folder = (title: string, path: string, icon: string, children: MenuSeed[]): MenuSeed => ({ title, path, icon, children, redirect: children[0]?.path });

/**
 * The frame of the product's menu (spec §1), grouped as DOMAIN.md groups the screens: folders and
 * their entries in order. Modules add their buttons (and entries the frame lacks) in their manifests;
 * `assembleProductMenu` puts the two together. An entry is inserted once and an administrator's later
 * edits or deletions stick.
 */
export const productMenuFrame: MenuSeed[] = [
  folder('首页', '/dashboard', 'DashboardOutlined', [
    { title: '分析页', path: '/dashboard/analysis', component: 'dashboard/Analysis' },
    { title: '工作台', path: '/dashboard/workplace', component: 'dashboard/Workplace' },
    { title: '监控页', path: '/dashboard/monitor', component: 'dashboard/Monitor' },
    { title: '指标图表', path: '/dashboard/indexChart', component: 'dashboard/IndexChart' },
    { title: '任务', path: '/dashboard/task', component: 'dashboard/Task' },
  ]),
  folder('客户管理', '/crm', 'TeamOutlined', [
    {
      title: '线索',
      path: '/crm/lead',
      component: 'lead/LeadList',
    },
    {
      title: '线索渠道',
      path: '/crm/leadChannel',
      component: 'leadChannel/LeadChannelList',
    },
    {
      title: '渠道',
      path: '/crm/channel',
      component: 'channel/ChannelList',
    },
    {
      title: '客户',
      path: '/crm/customer',
      component: 'customer/CustomerList',
      // The 360 page: opened from the list, not listed in the menu; granted with 客户.
      children: [{ title: '客户详情', path: CUSTOMER_DETAIL_PATH, component: 'customer/CustomerDetail', hidden: true }],
    },
    {
      title: '预约',
      path: '/crm/reservation',
      component: 'reservation/ReservationList',
    },
  ]),
  folder('订单合同', '/trade', 'FileTextOutlined', [
    { title: '订单', path: '/trade/order', component: 'order/OrderList' },
    { title: '变更单', path: '/trade/changeOrder', component: 'changeOrder/ChangeOrderList' },
    { title: '合同', path: '/trade/contract', component: 'contract/ContractList' },
  ]),
  folder('财务管理', '/finance', 'AccountBookOutlined', [
    { title: '应收', path: '/finance/receivable', component: 'receivable/ReceivableList' },
    { title: '财务定价', path: '/finance/financePrice', component: 'financePrice/FinancePriceList' },
  ]),
  folder('房间管理', '/room', 'HomeOutlined', [
    { title: '房间', path: '/room/room', component: 'room/RoomList' },
    { title: '房态图', path: '/room/board', component: 'room/RoomBoard' },
  ]),
  folder('服务管理', '/serve', 'HeartOutlined', [
    { title: '服务单', path: '/serve/serviceOrder', component: 'serviceOrder/ServiceOrderList' },
    { title: '月嫂', path: '/serve/monthlyNurse', component: 'monthlyNurse/MonthlyNurseList' },
    { title: '月嫂派工', path: '/serve/nurseAssignment', component: 'nurseAssignment/NurseAssignmentList' },
  ]),
  folder('产品与门店', '/base', 'AppstoreOutlined', [
    { title: '产品', path: '/base/product', component: 'product/ProductList' },
    {
      title: '门店',
      path: '/base/store',
      component: 'store/StoreList',
    },
    { title: '一级模块', path: '/base/module', component: 'module/ModuleList' },
  ]),
  folder('门店', '/store', 'ShopOutlined', [
    { title: '门店看板', path: '/store/board', component: 'storeLevel/StoreBoard' },
    { title: '门店客户', path: '/store/customer', component: 'storeLevel/StoreCustomer' },
    { title: '门店订单', path: '/store/order', component: 'storeLevel/StoreOrder' },
    { title: '门店合同', path: '/store/contract', component: 'storeLevel/StoreContract' },
    { title: '门店应收', path: '/store/receivable', component: 'storeLevel/StoreReceivable' },
    { title: '门店房间', path: '/store/room', component: 'storeLevel/StoreRoom' },
    { title: '门店服务', path: '/store/serve', component: 'storeLevel/StoreServe' },
    { title: '门店月嫂', path: '/store/monthlyNurse', component: 'storeLevel/StoreMonthlyNurse' },
    { title: '门店金额', path: '/store/amount', component: 'storeLevel/StoreAmount' },
  ]),
  folder('报表', '/report', 'BarChartOutlined', [
    { title: '财务报表', path: '/report/finance', component: 'report/FinanceReport' },
    { title: '销售订单', path: '/report/saleOrder', component: 'report/SaleOrderReport' },
    { title: '销售汇总', path: '/report/saleSummary', component: 'report/SaleSummaryReport' },
    { title: '订单服务', path: '/report/orderServe', component: 'report/OrderServeReport' },
    { title: '服务汇总', path: '/report/serveSummary', component: 'report/ServeSummaryReport' },
    { title: '待入住', path: '/report/waitingMoveIn', component: 'report/WaitingMoveInReport' },
    { title: '月嫂报表', path: '/report/monthlyNurse', component: 'report/MonthlyNurseReport' },
  ]),
  folder('BI 分析', '/bi', 'PieChartOutlined', [
    { title: '客户分析', path: '/bi/customer', component: 'bi/CustomerBi' },
    { title: '月嫂分析', path: '/bi/monthlyNurse', component: 'bi/MonthlyNurseBi' },
    { title: '订单分析', path: '/bi/order', component: 'bi/OrderBi' },
    { title: '房间分析', path: '/bi/room', component: 'bi/RoomBi' },
  ]),
  folder('大屏', '/screen', 'FundProjectionScreenOutlined', [
    { title: '经营驾驶舱', path: '/screen/bigscreen1', url: '/app/bigscreen/bigscreen1', external: true, route: false },
    { title: '房态大屏', path: '/screen/bigscreen2', url: '/app/bigscreen/bigscreen2', external: true, route: false },
    { title: '护理与月嫂', path: '/screen/bigscreen3', url: '/app/bigscreen/bigscreen3', external: true, route: false },
    { title: '大屏链接', path: '/screen/links', component: 'bigscreen/DisplayLinkList' },
  ]),
  folder('在线开发', '/online', 'CodeOutlined', [
    { title: '表单配置', path: '/online/form', component: 'online/FormConfigList' },
    { title: '报表配置', path: '/online/report', component: 'online/ReportConfigList' },
    { title: '单表示例', path: '/online/demo/single', component: 'online/SingleTableDemo' },
    { title: '一对多示例', path: '/online/demo/oneToMany', component: 'online/OneToManyDemo' },
    { title: '树表示例', path: '/online/demo/tree', component: 'online/TreeTableDemo' },
    { title: 'ERP示例', path: '/online/demo/erp', component: 'online/ErpDemo' },
    { title: '内嵌子表示例', path: '/online/demo/innerTable', component: 'online/InnerTableDemo' },
  ]),
  folder('消息中心', '/message', 'MessageOutlined', [
    {
      title: '系统通告',
      path: '/message/announcement',
      component: 'message/AnnouncementList',
    },
    {
      title: '消息模板',
      path: '/message/template',
      component: 'message/MessageTemplateList',
    },
    // Every signed-in user's own messages; the bell's "view more" leads here.
    { title: '我的消息', path: '/food/messageRecord', component: 'message/MessageRecordList', open: true },
  ]),
  folder('系统管理', '/system', 'SettingOutlined', [
    {
      title: '公司',
      path: '/system/company',
      component: 'system/CompanyList',
    },
    {
      title: '部门',
      path: '/system/department',
      component: 'system/DepartmentList',
    },
    {
      title: '用户',
      path: '/system/user',
      component: 'system/UserList',
    },
    {
      title: '用户关系',
      path: '/system/userRelation',
      component: 'system/UserRelationList',
    },
    {
      title: '安全组',
      path: '/system/securityGroup',
      component: 'system/SecurityGroupList',
      // 角色 (/system/role) edits the same groups; an action is one button, so the buttons sit here.
    },
    { title: '角色', path: '/system/role', component: 'system/RoleList' },
    {
      title: '权限',
      path: '/system/permission',
      component: 'system/PermissionList',
    },
    {
      title: '数据规则',
      path: '/system/dataRule',
      component: 'system/DataRuleList',
    },
    {
      title: '字典类型',
      path: '/system/dictType',
      component: 'system/DictTypeList',
      // 数据字典 (/system/dict) edits the items of the same dictionaries with the same actions.
    },
    { title: '数据字典', path: '/system/dict', component: 'system/DictList' },
    // Code-defined enums, read-only: the page needs only its menu.
    { title: '枚举', path: '/system/enum', component: 'system/EnumList' },
    {
      title: '编码规则',
      path: '/system/numberRule',
      component: 'system/NumberRuleList',
    },
    {
      title: '校验规则',
      path: '/system/checkRule',
      component: 'system/CheckRuleList',
    },
    { title: '系统配置', path: '/system/config', component: 'system/SystemConfig' },
    {
      title: '用户登录列表',
      path: '/system/loginLog',
      component: 'system/LoginLogList',
    },
    {
      title: '访问日志',
      path: '/system/visitLog',
      component: 'system/VisitLogList',
    },
    { title: 'AI 日志', path: '/system/aiLog', url: '/app/ai/aiLogHostory', external: true, route: false },
  ]),
];

/**
 * The product menu: the frame with each module's buttons on its entries (in module order) and the
 * entries a module adds under their folder. A module naming a path that is neither in the frame nor
 * under a known folder is a programming error.
 */
export function assembleProductMenu(modules: readonly Pick<ServerModule, 'name' | 'menus'>[]): MenuSeed[] {
  const menu = structuredClone(productMenuFrame);
  const byPath = new Map<string, MenuSeed>();
  const index = (nodes: MenuSeed[]) => nodes.forEach((n) => (byPath.set(n.path, n), index(n.children ?? [])));
  index(menu);
  for (const module of modules) {
    for (const entry of module.menus ?? []) {
      const node = byPath.get(entry.path) ?? addEntry(byPath, module.name, entry);
      node.buttons = [...(node.buttons ?? []), ...(entry.buttons ?? [])];
    }
  }
  return menu;
}

function addEntry(byPath: Map<string, MenuSeed>, moduleName: string, entry: ModuleMenu): MenuSeed {
  const parent = entry.parent ? byPath.get(entry.parent) : undefined;
  if (!parent || !entry.title) throw new Error(`Module ${moduleName}: menu ${entry.path} is not in the product menu and names no known parent and title`);
  const node: MenuSeed = { title: entry.title, path: entry.path, ...(entry.component ? { component: entry.component } : {}) };
  parent.children = [...(parent.children ?? []), node];
  byPath.set(node.path, node);
  return node;
}

/** Route name from the path, e.g. /food/messageRecord → food-messageRecord (spec §2); a `:id` parameter gives `id`. */
export function routeNameOf(path: string): string {
  return path.replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '');
}

/**
 * Inserts the product's menus and buttons that were never inserted before (tracked in seed_record),
 * so a new release adds its entries and an administrator's deletions are not undone.
 */
export async function syncProductPermissions(db: Kysely<DB>, productMenu: MenuSeed[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const done = await seededKeys(trx);
    // What exists, read once: a restart finds every entry and writes nothing (one query per entry was
    // ~400 round trips on every start).
    const existing = await trx.selectFrom('sys_permission').select(['id', 'path', 'menu_type', 'action']).execute();
    const menuIds = new Map(existing.filter((p) => p.menu_type === 0 || p.menu_type === 1).map((p) => [p.path, p.id]));
    const actions = new Set(existing.map((p) => p.action).filter((a) => a !== null));
    let inserted = 0;
    const insertTree = async (nodes: MenuSeed[], parentId: string | null, depth: number) => {
      for (const [index, node] of nodes.entries()) {
        const key = `menu:${node.path}`;
        let id = menuIds.get(node.path);
        if (!id && !done.has(key)) {
          id = await insertMenu(trx, node, parentId, depth === 0 ? 0 : 1, index);
          menuIds.set(node.path, id);
          inserted++;
          // A hidden sub-page added by a later release (a detail page) goes to the groups that
          // already hold its menu, as the permission editor's linked tree would have granted it.
          if (node.hidden && parentId) await grantWithParent(trx, id, parentId);
        }
        await record(trx, done, key);
        if (!id) continue; // deleted by an administrator: its subtree stays deleted too
        for (const [bIndex, button] of (node.buttons ?? []).entries()) {
          const bKey = `button:${button.action}`;
          if (!actions.has(button.action) && !done.has(bKey)) {
            await trx.insertInto('sys_permission').values({ parent_id: id, menu_type: 2, name: button.title, action: button.action, sort: bIndex, is_route: false }).execute();
            actions.add(button.action);
            inserted++;
          }
          await record(trx, done, bKey);
        }
        if (node.children) await insertTree(node.children, id, depth + 1);
      }
    };
    await insertTree(productMenu, null, 0);
    return inserted;
  });
}

async function insertMenu(trx: Transaction<DB>, node: MenuSeed, parentId: string | null, menuType: 0 | 1, sort: number): Promise<string> {
  const row = await trx
    .insertInto('sys_permission')
    .values({
      parent_id: parentId,
      menu_type: menuType,
      name: node.title,
      path: node.path,
      route_name: routeNameOf(node.path),
      component: node.component ?? (node.children ? 'layouts/RouteView' : node.url && !node.external ? 'IframePageView' : null),
      redirect: node.redirect ?? null,
      icon: node.icon ?? null,
      url: node.url ?? null,
      is_route: node.route ?? true,
      hidden: node.hidden ?? false,
      keep_alive: node.keepAlive ?? false,
      ...(node.open ? { status: '0' as const } : {}),
      internal_or_external: node.external ?? false,
      sort,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function grantWithParent(trx: Transaction<DB>, id: string, parentId: string): Promise<void> {
  await trx
    .insertInto('security_group_permission')
    .columns(['group_id', 'permission_id'])
    .expression((eb) => eb.selectFrom('security_group_permission').select(['group_id', sql<string>`${id}::uuid`.as('permission_id')]).where('permission_id', '=', parentId))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

async function record(trx: Transaction<DB>, done: Set<string>, key: string): Promise<void> {
  if (done.has(key)) return;
  await trx.insertInto('seed_record').values({ key }).onConflict((oc) => oc.column('key').doNothing()).execute();
  done.add(key);
}
