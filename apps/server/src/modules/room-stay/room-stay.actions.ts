import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { addDays, orderMachine, orderStatusLabel, roomStayMachine, roomStayResource, RoomStayText, toPageResult, type OrderStatus, type PageResult, type RoomStay, type RoomStayEvent } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import { crudService } from '../../platform/crud/crud-service.js';
import { assertMove, transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { moveCustomerStatus } from '../customer/customer.service.js';
import { lockOrder, moveOrder, orderScope } from '../order/order.service.js';
import { assertSettleable, planRules, settleable } from '../receivable/ledger.js';
import { hasDebtAuthorization, orderMoney } from '../receivable/receivable.service.js';
import { endForSettle } from '../contract/contract.service.js';
import { shanghaiDate } from '../../platform/time.js';
import * as repo from './room-stay.repo.js';
import { roomStayScope } from './room-stay.rules.js';
import { assignStay, moveRoom, moveStay, releaseStays } from './room-stay.service.js';

// The routes' actions of 住房安排: each in one transaction, on a stay in the caller's scope (read before
// the transaction: on PGlite's one connection a rules query beside it would wait for it).

/** Records with 结账 offered on an ended stay only where it would succeed (its order 已退房 and settleable by the plan rule). */
async function withSettleable(db: Db, session: SessionInfo, records: Record<string, unknown>[]) {
  const ended = [...new Set(records.filter((r) => r.status === 'ended' && r.orderId).map((r) => r.orderId as string))];
  const checkedOut = ended.length === 0 ? [] : await db.selectFrom('sales_order').select('id').where('company_id', '=', session.companyId).where('id', 'in', ended).where('status', '=', 'checked_out').execute();
  const rules = await planRules(db, session.companyId, checkedOut.map((o) => o.id));
  return records.map((r) => ({ ...r, settleable: r.status === 'ended' && Boolean(r.orderId) && settleable(rules.get(r.orderId as string)) }));
}

export function roomStayCrud(db: Kysely<DB>) {
  return crudService(db, roomStayResource, { scope: roomStayScope, view: repo.stayListView, enrich: withSettleable });
}
type StayCrud = ReturnType<typeof roomStayCrud>;

const both = (a: Expression<SqlBool>, b: Expression<SqlBool>) => sql<SqlBool>`(${a} and ${b})`;

type ListQuery = Record<string, unknown> & { pageNo: number; pageSize: number; from?: string; to?: string };

export async function listStays(db: Kysely<DB>, crud: StayCrud, session: SessionInfo, q: ListQuery): Promise<PageResult<RoomStay>> {
  const scope = both(await roomStayScope(db, session), repo.periodFilter(q));
  const page = await crud.repo.page(db, session, q, scope);
  return toPageResult((await withSettleable(db, session, page.rows)) as RoomStay[], page.total, q, page.capped);
}

export async function exportStays(db: Kysely<DB>, crud: StayCrud, session: SessionInfo, q: Omit<ListQuery, 'pageNo' | 'pageSize'>): Promise<RoomStay[]> {
  const scope = both(await roomStayScope(db, session), repo.periodFilter(q));
  return (await withSettleable(db, session, await crud.repo.all(db, session, q, 10_000, scope))) as RoomStay[];
}

const today = () => shanghaiDate();

/** The stay in the caller's scope, locked, at the version the caller saw. */
async function lockedStay(trx: Db, session: SessionInfo, scope: Scope, id: string, version?: number) {
  const stay = await repo.findStay(trx, session.companyId, id, scope, true);
  if (!stay) throw new NotFound();
  if (version !== undefined && stay.version !== version) throw new StaleVersion();
  return stay;
}
type Scope = Awaited<ReturnType<typeof roomStayScope>>;

const moveStayRow = (trx: Db, session: SessionInfo, id: string, event: RoomStayEvent, set?: Record<string, unknown>) =>
  transition(trx, session, { machine: roomStayMachine, table: 'room_stay', id, event, set });

/** An action on one stay: scope read first, then the transaction; answers the stay as it is afterwards. */
async function onStay(db: Kysely<DB>, crud: StayCrud, session: SessionInfo, input: { id: string; version?: number }, act: (trx: Db, stay: repo.LockedStay) => Promise<void>): Promise<RoomStay> {
  const scope = await roomStayScope(db, session);
  await inTransaction(db, async (trx) => act(trx, await lockedStay(trx, session, scope, input.id, input.version)));
  return (await crud.get(session, input.id)) as RoomStay;
}

/** The order a stay belongs to (a hold's stay is moved through its 订房预约 instead). */
function orderOf(stay: repo.LockedStay): string {
  if (!stay.order_id) throw new BizError(RoomStayText.holdNotOrder);
  return stay.order_id;
}

/** 排房: a confirmed order of the caller's scope into a room of its store for its planned nights; the customer becomes 已订房. */
export async function assignOrder(db: Kysely<DB>, crud: StayCrud, session: SessionInfo, input: { orderId: string; roomId: string }): Promise<RoomStay> {
  const scope = await roomStayScope(db, session);
  const id = await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, session, input.orderId);
    if (order.status !== 'confirmed') throw new BizError(RoomStayText.orderNotConfirmed(orderStatusLabel(order.status as OrderStatus)));
    if (!order.planned_check_in || !order.planned_check_out || order.planned_check_out <= order.planned_check_in) throw new BizError(RoomStayText.noPlannedDates);
    const [assigned] = await repo.activeStaysOf(trx, session.companyId, { orderId: order.id });
    if (assigned) throw new BizError(RoomStayText.alreadyAssigned((await repo.roomOf(trx, session.companyId, assigned.room_id))?.room_no ?? ''));
    const stay = await assignStay(trx, session, { roomId: input.roomId, orderId: order.id, customerId: order.customer_id, storeId: order.store_id, startDate: order.planned_check_in, endDate: order.planned_check_out, status: 'booked' });
    // A stay written into a store the caller's rules hide is refused with the write undone.
    if (!(await repo.findStay(trx, session.companyId, stay.id, scope))) throw new NotFound();
    await moveCustomerStatus(trx, session, order.customer_id, 'roomBooked', { ifAllowed: true });
    return stay.id;
  });
  return (await crud.get(session, id)) as RoomStay;
}

/** 取消排房 of a stay not yet in the room; the customer goes back to 已签合同未入住 when the order has no other room. */
export function unassign(db: Kysely<DB>, crud: StayCrud, session: SessionInfo, input: { id: string; version?: number }): Promise<RoomStay> {
  return onStay(db, crud, session, input, async (trx, stay) => {
    const orderId = orderOf(stay);
    await moveStayRow(trx, session, stay.id, 'cancel');
    if (!(await repo.activeStaysOf(trx, session.companyId, { orderId })).length) await moveCustomerStatus(trx, session, stay.customer_id, 'roomReleased', { ifAllowed: true });
  });
}

/** 入住: the customer 已订房, the money due before check-in paid (or a 欠款授权); order, customer, stay and room move together. */
export function checkIn(db: Kysely<DB>, crud: StayCrud, session: SessionInfo, input: { id: string; version?: number }): Promise<RoomStay> {
  return onStay(db, crud, session, input, async (trx, stay) => {
    const orderId = orderOf(stay);
    assertMove(roomStayMachine, stay.status, 'checkIn');
    if (stay.start_date > today()) throw new BizError(RoomStayText.checkInTooEarly(stay.start_date));
    await lockOrder(trx, session, orderId);
    // A room held before her contract was audited (a 订房预约 with a room, converted) is hers already:
    // she is 已订房 once the contract is audited, so an 已签合同未入住 customer with this stay moves on.
    await moveCustomerStatus(trx, session, stay.customer_id, 'roomBooked', { ifAllowed: true });
    await moveCustomerStatus(trx, session, stay.customer_id, 'checkIn');
    const money = await orderMoney(trx, session.companyId, orderId);
    if (Number(money.outstandingBeforeCheckIn) > 0 && !(await hasDebtAuthorization(trx, session.companyId, orderId))) throw new BizError(RoomStayText.unpaidBeforeCheckIn(money.outstandingBeforeCheckIn));
    await moveOrder(trx, session, orderId, 'checkIn');
    await moveStayRow(trx, session, stay.id, 'checkIn', { checked_in_at: new Date() });
    await moveRoom(trx, session, stay.room_id, 'checkIn');
  });
}

/**
 * 退房: refused while the order owes money (合同仍有余款) unless a 欠款授权 lets the guest leave first
 * (then she is 已退房未结账 until the money is in and 结账 closes it). The stay ends (on the actual day
 * when early), the order's later nights are released; order, customer and room (→ 脏房) move.
 */
export function checkOut(db: Kysely<DB>, crud: StayCrud, session: SessionInfo, input: { id: string; version?: number }): Promise<RoomStay> {
  return onStay(db, crud, session, input, async (trx, stay) => {
    const orderId = orderOf(stay);
    assertMove(roomStayMachine, stay.status, 'checkOut');
    await lockOrder(trx, session, orderId);
    if (Number((await orderMoney(trx, session.companyId, orderId)).outstanding) > 0 && !(await hasDebtAuthorization(trx, session.companyId, orderId))) {
      throw new BizError(RoomStayText.balanceOwed);
    }
    const day = today();
    const early = day < stay.end_date ? (day > stay.start_date ? day : addDays(stay.start_date, 1)) : undefined;
    await moveStayRow(trx, session, stay.id, 'checkOut', { checked_out_at: new Date(), ...(early ? { end_date: early } : {}) });
    await releaseStays(trx, session, { orderId });
    await moveOrder(trx, session, orderId, 'checkOut');
    await moveCustomerStatus(trx, session, stay.customer_id, 'checkOut');
    await moveRoom(trx, session, stay.room_id, 'checkOut');
  });
}

/**
 * 结账 of an ended stay's order, checking the whole truth (docs/ledger.md): the plan equals the price
 * (deal + change orders − write-offs) and nothing is owed by that rule — not merely no open receivable
 * row, and no payment waiting for its audit. The order → 已结账, the customer → 已退房已结账, the live contract → 已结束.
 */
export function settle(db: Kysely<DB>, crud: StayCrud, session: SessionInfo, input: { id: string }): Promise<RoomStay> {
  return onStay(db, crud, session, input, async (trx, stay) => {
    const orderId = orderOf(stay);
    assertMove(orderMachine, (await lockOrder(trx, session, orderId)).status as OrderStatus, 'settle');
    await assertSettleable(trx, session.companyId, orderId);
    await moveOrder(trx, session, orderId, 'settle');
    await moveCustomerStatus(trx, session, stay.customer_id, 'settle', { ifAllowed: true });
    await endForSettle(trx, session, orderId);
  });
}

/** 换房 from the board: the order's nights from `fromDate` (today, or the stay's first night if later) into `toRoomId`. */
export function changeRoom(db: Kysely<DB>, crud: StayCrud, session: SessionInfo, input: { id: string; version?: number; toRoomId: string; fromDate?: string }): Promise<RoomStay> {
  let moved = input.id;
  return onStay(db, crud, session, input, async (trx, stay) => {
    if (!roomStayMachine.can(stay.status, 'cancel') && stay.status !== 'in_house') throw new BizError(RoomStayText.notActive);
    const from = [input.fromDate ?? today(), stay.start_date].reduce((a, b) => (a > b ? a : b));
    if (from >= stay.end_date) throw new BizError(RoomStayText.moveFromOutside);
    const { ids } = await moveStay(trx, session, orderOf(stay), input.toRoomId, from);
    moved = ids[0] ?? input.id;
  }).then(() => crud.get(session, moved) as Promise<RoomStay>);
}

/** 排房's choices: a store's confirmed orders in the caller's order scope with no room yet. */
export async function pendingOrders(db: Kysely<DB>, session: SessionInfo, storeId: string) {
  const rows = await repo.unassignedOrders(db, session.companyId, storeId, await orderScope(db, session));
  return rows.map((r) => ({ orderId: r.id, orderNo: r.order_no, customerName: r.customer_name, plannedCheckIn: r.planned_check_in ?? '', plannedCheckOut: r.planned_check_out ?? '', roomTypeId: r.room_type_id }));
}
