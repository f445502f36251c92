import { sql, type Kysely } from 'kysely';
import {
  ChangeOrderPermission,
  ContractPermission,
  OrderPermission,
  Permission,
  ReceivablePermission,
  RoomHoldPermission,
  RoomStayPermission,
  ServiceOrderPermission,
} from '@care/shared';
import type { AppConfig } from '../platform/config.js';
import type { DB } from '../platform/db/schema.js';
import { grantAndScope, type DemoCrmRule } from './demo-crm.js';
import { DEMO_COMPANY_CODE } from './demo-roles.js';

const all = (declared: Record<string, string>) => Object.values(declared);

/**
 * What 财务 got with the ledger rules (issue 29, docs/ledger.md): 住房安排 as her 结账 screen, and the
 * change orders she is sent to raise when a confirmed order's receivable is wrong (调账; 四眼原则 has
 * another person approve it). Seeded again under their own key, so a demo company seeded before gets them once.
 */
export const financeLedgerGrants: string[] = ['/room/stay', Permission.roomStayList, Permission.roomStaySettle, Permission.changeOrderAdd, Permission.changeOrderSubmit];
const except = (declared: Record<string, string>, ...left: string[]) => all(declared).filter((a) => !left.includes(a));

/**
 * What the demo roles do with the transactions (DOMAIN.md "Roles"): 店长 runs her store's orders,
 * contracts, rooms and services and approves discounts and change orders; 销售顾问 sells (holds with
 * their deposits, orders, contracts; money is finance's); 财务 audits money of every store; 护理主管 checks in and out and
 * runs services. Menus and their folders come with the buttons' menus.
 */
export const demoTradeGrants: Record<string, string[]> = {
  store_manager: [
    '/finance/receivable', '/finance/payment', '/crm/reservation', '/room/roomType', '/room/stay', '/trade/contractTemplate',
    ...all(OrderPermission), ...all(ContractPermission), ...except(ChangeOrderPermission, Permission.changeOrderFinanceApprove),
    ...except(ReceivablePermission, Permission.paymentAudit, Permission.paymentReject, Permission.paymentReverse),
    ...all(RoomStayPermission), ...all(ServiceOrderPermission), ...all(RoomHoldPermission),
    Permission.roomList, Permission.roomStatus, Permission.roomExport, Permission.roomTypeList, Permission.roomBoardView,
    Permission.financePriceLookup, Permission.productList,
  ],
  sales_consultant: [
    '/trade/contract', '/trade/changeOrder', '/room/board',
    Permission.orderList, Permission.orderAdd, Permission.orderEdit, Permission.orderSubmit, Permission.orderExport,
    Permission.contractList, Permission.contractAdd, Permission.contractEdit, Permission.contractSign,
    Permission.changeOrderList, Permission.changeOrderAdd, Permission.changeOrderSubmit,
    ...except(RoomHoldPermission),
    // The hold dialog's room picker reads the room list.
    Permission.roomList, Permission.roomBoardView, Permission.financePriceLookup, Permission.productList,
  ],
  finance: [
    // 住房安排 is finance's 结账 screen (her rows offer 结账 only; the other moves are the store's).
    '/finance/payment', '/trade/order', '/trade/changeOrder', ...financeLedgerGrants,
    ...all(ReceivablePermission), Permission.changeOrderList, Permission.changeOrderFinanceApprove, Permission.changeOrderExport,
    Permission.orderList, Permission.orderExport, Permission.contractList, Permission.contractExport, Permission.contractEnd,
    Permission.financePriceLookup,
  ],
  nursing_lead: [
    '/room/stay',
    ...all(ServiceOrderPermission), Permission.roomStayList, Permission.roomStayCheckIn, Permission.roomStayCheckOut,
    Permission.roomList, Permission.roomStatus, Permission.roomBoardView,
  ],
};

/** A 店长 and a 销售顾问 see their stores' transactions; 财务 holds `allhrdata` (every store). */
export const demoTradeRules: DemoCrmRule[] = [
  { resource: 'order', permission: '/trade/order', name: '本门店的订单', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
  { resource: 'contract', permission: '/trade/contract', name: '本门店的合同', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
  { resource: 'change_order', permission: '/trade/changeOrder', name: '本门店的变更单', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
  { resource: 'receivable', permission: '/finance/receivable', name: '本门店的应收', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
  { resource: 'payment', permission: '/finance/payment', name: '本门店的收款', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
  { resource: 'room_stay', permission: '/room/stay', name: '本门店的住房安排', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
  { resource: 'service_order', permission: '/serve/serviceOrder', name: '本门店的服务单', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
];

/**
 * Rooms and room types follow the same store rule (issue 26): whoever reads or moves rooms (店长,
 * 销售顾问 through the board and the hold's room picker, 护理主管) sees her stores' only; the board reads
 * rooms under the 房间 rule. Seeded under their own key, so a demo company seeded before gets them once too.
 */
export const demoRoomRules: DemoCrmRule[] = [
  { resource: 'room', permission: '/room/room', name: '本门店的房间', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
  { resource: 'room_type', permission: '/room/roomType', name: '本门店的房型', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
];

const LOCK_KEY = 7_202_661;
const SEED_KEY = 'demo:trade:roles';
const ROOM_RULES_KEY = 'demo:room:rules';
const LEDGER_GRANTS_KEY = 'demo:ledger:grants';
const AFTER = ['demo:roles', 'demo:crm'];

/** Demo mode only, once each, after the demo roles and stores: the grants and store rules above, then the room rules, then 财务's ledger grants. */
export async function seedDemoTradeRolesIfEmpty(db: Kysely<DB>, config: AppConfig): Promise<boolean> {
  if (!config.demoData) return false;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return false;
    const done = new Set((await trx.selectFrom('seed_record').select('key').where('key', 'in', [SEED_KEY, ROOM_RULES_KEY, LEDGER_GRANTS_KEY, ...AFTER]).execute()).map((d) => d.key));
    if (!AFTER.every((key) => done.has(key))) return false;
    let seeded = false;
    const steps = [
      [SEED_KEY, demoTradeGrants, demoTradeRules],
      [ROOM_RULES_KEY, {}, demoRoomRules],
      [LEDGER_GRANTS_KEY, { finance: financeLedgerGrants }, [] as DemoCrmRule[]],
    ] as const;
    for (const [key, grants, rules] of steps) {
      if (done.has(key)) continue;
      await grantAndScope(trx, company.id, grants, rules);
      await trx.insertInto('seed_record').values({ key }).execute();
      seeded = true;
    }
    return seeded;
  });
}
