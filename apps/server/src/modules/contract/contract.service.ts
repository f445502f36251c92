import { sql, type Kysely } from 'kysely';
import {
  amountInWords,
  contractMachine,
  contractResource,
  ContractTemplateText,
  ContractText,
  fillContractTerms,
  formatDateTime,
  NumberRuleCode,
  priceCents,
  toPageResult,
  type ContractAttachments,
  type ContractClose,
  type ContractEdit,
  type ContractEvent,
  type ContractGenerate,
  type ContractListQuery,
  type ContractMove,
  type ContractOrderOption,
  type ContractRecord,
  type ContractStatus,
  type ContractTermValues,
  type CustomerContract,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { crudRepo, type Actor, type Db, type Scope } from '../../platform/crud/crud-repo.js';
import { assertMove, transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import type { LocalFileStorage } from '../../platform/storage.js';
import { moveCustomerStatus } from '../customer/customer.service.js';
import { nextNumber } from '../number-rule/index.js';
import { lockOrder, orderScope } from '../order/order.service.js';
import { isOwnImage } from '../upload/upload.service.js';
import { shanghaiDate } from '../../platform/time.js';
import { escapeHtml, sanitizeContractHtml } from './contract.html.js';
import { partyAOf, partyBValues, termsForSigning } from './contract.parties.js';
import { planTerms } from './contract.plan.js';
import * as repo from './contract.repo.js';
import { contractScope } from './contract.rules.js';

export const ContractServiceText = { outOfScope: '该订单的门店不在您的合同数据范围内' } as const;

const rows = crudRepo(contractResource);
const both = (a: Scope, b: Scope | undefined): Scope => (b ? sql<boolean>`(${a}) and (${b})` : a);

// ── What the other modules call (docs/trade.md) ─────────────────────────────────────────────

/** The order's contract that still binds (not voided or terminated), if any. */
export async function liveContractOf(db: Db, companyId: string, orderId: string): Promise<{ id: string; contractNo: string; status: ContractStatus; version: number } | undefined> {
  const row = await repo.liveContract(db, companyId, orderId);
  return row && { id: row.id, contractNo: row.contract_no, status: row.status, version: row.version };
}

/**
 * For an order's cancellation, inside its transaction: the live contract is voided (before it took
 * effect) or terminated (once effective), with the reason. The customer's status is the caller's
 * (change-order moves her back to 意向客户). Answers the move made, or nothing when there was no live contract.
 */
export async function voidForCancel(trx: Db, actor: Actor, orderId: string, reason: string): Promise<{ id: string; from: ContractStatus; to: ContractStatus } | undefined> {
  // Its 补充协议 go with it.
  for (const s of await repo.liveSupplements(trx, actor.companyId, orderId)) {
    const event: ContractEvent = s.status === 'effective' ? 'terminate' : 'void';
    await transition(trx, actor, { machine: contractMachine, table: 'contract', id: s.id, event, set: { close_reason: reason, closed_at: new Date() }, reason });
  }
  const live = await repo.liveContract(trx, actor.companyId, orderId, { lock: true });
  if (!live || live.status === 'ended') return undefined;
  const event: ContractEvent = live.status === 'effective' ? 'terminate' : 'void';
  const moved = await transition(trx, actor, { machine: contractMachine, table: 'contract', id: live.id, event, set: { close_reason: reason, closed_at: new Date() }, reason });
  return { id: live.id, from: moved.from, to: moved.to };
}

/** For 结账, inside its transaction: the order's effective contract → 已结束 (its work is done). */
export async function endForSettle(trx: Db, actor: Actor, orderId: string): Promise<void> {
  for (const s of await repo.liveSupplements(trx, actor.companyId, orderId)) {
    if (s.status === 'effective') await transition(trx, actor, { machine: contractMachine, table: 'contract', id: s.id, event: 'end', set: { closed_at: new Date() }, reason: '订单已结账' });
  }
  const live = await repo.liveContract(trx, actor.companyId, orderId, { lock: true });
  if (!live || live.status !== 'effective') return;
  await transition(trx, actor, { machine: contractMachine, table: 'contract', id: live.id, event: 'end', set: { closed_at: new Date() }, reason: '订单已结账' });
}

/** The customer's contracts the caller may see (客户 360), newest first. */
export async function contractsOfCustomer(db: Kysely<DB>, session: SessionInfo, customerId: string): Promise<CustomerContract[]> {
  const found = await repo.customerContracts(db, session.companyId, await contractScope(db, session), customerId);
  return found.map((r) => ({
    id: r.id,
    contractNo: r.contract_no,
    orderId: r.order_id,
    orderNo: r.order_no,
    type: r.type,
    status: r.status,
    amount: r.amount,
    signedAt: r.signed_at ? formatDateTime(r.signed_at) : null,
    createdTime: formatDateTime(r.created_at),
  }));
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────────

/** Records with the names of their order, customer, store, signer, auditor and template. */
async function enrich(db: Db, companyId: string, records: Record<string, unknown>[]): Promise<ContractRecord[]> {
  const ids = (key: string) => [...new Set(records.map((r) => r[key] as string | null).filter((v): v is string => Boolean(v)))];
  const [orders, customers, stores, users, templates] = await Promise.all([
    repo.orderNumbers(db, companyId, ids('orderId')),
    repo.customerNames(db, companyId, ids('customerId')),
    repo.storeNames(db, companyId, ids('storeId')),
    repo.userNames(db, [...new Set([...ids('signerId'), ...ids('auditedBy')])]),
    repo.templateNames(db, companyId, ids('templateId')),
  ]);
  const userName = (id: unknown) => {
    const u = id ? users.get(id as string) : undefined;
    return u ? u.first_name || u.username : '';
  };
  return records.map((r) => ({
    ...r,
    orderNo: orders.get(r.orderId as string)?.order_no ?? '',
    customerName: customers.get(r.customerId as string)?.name ?? '',
    customerPhone: customers.get(r.customerId as string)?.phone ?? '',
    storeName: stores.get(r.storeId as string)?.name ?? '',
    signerName: userName(r.signerId),
    auditorName: userName(r.auditedBy),
    templateName: r.templateId ? (templates.get(r.templateId as string)?.name ?? '') : '',
  })) as ContractRecord[];
}

const actorOf = (s: SessionInfo): Actor => ({ companyId: s.companyId, userId: s.userId });

export async function listContracts(db: Kysely<DB>, session: SessionInfo, q: ContractListQuery & { pageNo: number; pageSize: number }): Promise<PageResult<ContractRecord>> {
  if (!contractPeriodOk(q)) throw new BizError(ContractText.badPeriod);
  const page = await rows.page(db, actorOf(session), q, both(await contractScope(db, session), repo.listFilters(q)));
  return toPageResult(await enrich(db, session.companyId, page.rows), page.total, q, page.capped);
}

export async function exportContracts(db: Kysely<DB>, session: SessionInfo, q: Omit<ContractListQuery, 'pageNo' | 'pageSize'>): Promise<ContractRecord[]> {
  if (!contractPeriodOk(q)) throw new BizError(ContractText.badPeriod);
  return enrich(db, session.companyId, await rows.all(db, actorOf(session), q, 10_000, both(await contractScope(db, session), repo.listFilters(q))));
}

const contractPeriodOk = (q: { signedFrom?: string; signedTo?: string }) => !q.signedFrom || !q.signedTo || q.signedTo >= q.signedFrom;

/** A contract the caller may see (404 otherwise). */
export async function getContract(db: Db, session: SessionInfo, id: string, scope?: Scope): Promise<ContractRecord> {
  const row = await rows.find(db, session, id, scope ?? (await contractScope(db as Kysely<DB>, session)));
  if (!row) throw new NotFound();
  return (await enrich(db, session.companyId, [row]))[0]!;
}

/** Orders a contract may be generated from, for the generate dialog. */
export async function orderOptions(db: Kysely<DB>, session: SessionInfo, keyword?: string): Promise<ContractOrderOption[]> {
  const found = await repo.ordersWithoutContract(db, session.companyId, await orderScope(db, session), keyword?.replace(/[\\%_]/g, ''), 50);
  return found.map((r) => ({ id: r.id, orderNo: r.order_no, customerName: r.customer_name, storeName: r.store_name, dealPrice: r.deal_price, status: r.status }));
}

// ── Generate and edit ────────────────────────────────────────────────────────────────────────

const ORDER_READY = new Set(['confirmed', 'checked_in', 'checked_out', 'settled']);
const isLiveViolation = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && (e.constraint === 'contract_one_live_per_order_idx' || Boolean(e.message?.includes('contract_one_live_per_order_idx')));
};

/**
 * 生成合同 from a confirmed (or later) order: number by rule, the template's terms filled with the
 * order's and customer's values (escaped) and sanitised, amount = the deal price; 甲方, the plan's
 * lines, the money paid and the package's services as contract.parties / contract.plan read them.
 * One live contract per order (the unique index settles a race the same way as the check).
 */
export async function generateContract(db: Kysely<DB>, session: SessionInfo, input: ContractGenerate): Promise<ContractRecord> {
  const scope = await contractScope(db, session);
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const order = await lockOrder(trx, session, input.orderId);
      if (order.status === 'cancelled') throw new BizError(ContractText.orderCancelled);
      if (!ORDER_READY.has(order.status)) throw new BizError(ContractText.orderNotConfirmed);
      if (await repo.liveContract(trx, session.companyId, order.id)) throw new BizError(ContractText.liveContractExists);
      const template = await repo.enabledTemplate(trx, session.companyId, input.templateId);
      if (!template) throw new BizError(ContractTemplateText.templateMissing);
      const plan = await planTerms(trx, session.companyId, { id: order.id, product_snapshot: order.product_snapshot, plannedCheckIn: order.planned_check_in, plannedCheckOut: order.planned_check_out, today: shanghaiDate() });
      // The contract's 首付款 is the plan's; a different figure typed in would contradict it.
      const firstPayment = plan.values.firstPayment;
      if (input.firstPayment !== undefined && priceCents(input.firstPayment) !== priceCents(firstPayment)) throw new BizError(ContractText.firstPaymentNotPlan(firstPayment));
      const partyA = await partyAOf(trx, session.companyId);
      const contractNo = await nextNumber(trx as Kysely<DB>, NumberRuleCode.contract);
      const snapshot = (order.product_snapshot ?? {}) as { name?: string };
      const values: Partial<ContractTermValues> = {
        ...(await partyBValues(trx, session.companyId, order.customer_id)),
        orderNo: order.order_no,
        storeName: (await repo.storeNames(trx, session.companyId, [order.store_id])).get(order.store_id)?.name ?? '',
        partyA,
        productName: snapshot.name ?? '',
        days: String(order.days),
        plannedCheckIn: order.planned_check_in ?? '',
        plannedCheckOut: order.planned_check_out ?? '',
        dealPrice: order.deal_price,
        dealPriceUpper: amountInWords(order.deal_price),
        ...plan.values,
        contractNo,
        signedDate: '____年__月__日',
      };
      const row = await trx
        .insertInto('contract')
        .values({
          company_id: session.companyId,
          contract_no: contractNo,
          order_id: order.id,
          customer_id: order.customer_id,
          store_id: order.store_id,
          party_a: partyA,
          template_id: template.id,
          type: template.type,
          amount: order.deal_price,
          first_payment: firstPayment,
          terms: sanitizeContractHtml(fillContractTerms(template.content, values, escapeHtml, plan.markup)),
          remark: input.remark ?? '',
          created_by: session.userId,
          updated_by: session.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A contract written into a store the caller's rules hide is refused with the write undone.
      if (!(await rows.find(trx, session, row.id, scope))) throw new BizError(ContractServiceText.outOfScope);
      return row.id;
    })
    .catch((err: unknown) => {
      if (isLiveViolation(err)) throw new BizError(ContractText.liveContractExists);
      throw err;
    });
  return getContract(db, session, id, scope);
}

/** The locked row in the caller's scope at the version the caller saw. */
async function lockedAt(trx: Db, session: SessionInfo, scope: Scope, id: string, version: number | undefined) {
  const row = await repo.lockContract(trx, session.companyId, scope, id);
  if (!row) throw new NotFound();
  if (version !== undefined && row.version !== version) throw new StaleVersion();
  return row;
}

/** 编辑: terms (sanitised again), first payment and remark, only while 待签署. */
export async function editContract(db: Kysely<DB>, session: SessionInfo, input: ContractEdit): Promise<ContractRecord> {
  const scope = await contractScope(db, session);
  await db.transaction().execute(async (trx) => {
    const row = await lockedAt(trx, session, scope, input.id, input.version);
    assertMove(contractMachine, row.status, 'editTerms');
    // 首付款 was taken from the plan at generation; it is not edited apart from it.
    if (input.firstPayment !== undefined && priceCents(input.firstPayment) !== priceCents(row.first_payment)) throw new BizError(ContractText.firstPaymentNotPlan(row.first_payment));
    const values = {
      ...(input.terms !== undefined ? { terms: sanitizeContractHtml(input.terms) } : {}),
      ...(input.remark !== undefined ? { remark: input.remark } : {}),
    };
    if (!(await rows.update(trx, actorOf(session), { id: row.id, version: input.version }, {}, values))) throw new StaleVersion();
  });
  return getContract(db, session, input.id, scope);
}

/** 附件: the scanned pages, each an image the upload answered to this company, in any state but a closed one. */
export async function saveAttachments(db: Kysely<DB>, storage: LocalFileStorage, session: SessionInfo, input: ContractAttachments): Promise<ContractRecord> {
  const scope = await contractScope(db, session);
  await db.transaction().execute(async (trx) => {
    const row = await lockedAt(trx, session, scope, input.id, input.version);
    if (row.status === 'voided' || row.status === 'terminated') throw new BizError(ContractText.closedNoAttachments);
    for (const path of input.attachments) if (!(await isOwnImage(storage, session, path))) throw new BizError(ContractText.badAttachment);
    if (!(await rows.update(trx, actorOf(session), { id: row.id, version: input.version }, {}, { attachments: input.attachments }))) throw new StaleVersion();
  });
  return getContract(db, session, input.id, scope);
}

// ── State moves ──────────────────────────────────────────────────────────────────────────────

type MoveEvent = Exclude<ContractEvent, 'editTerms'>;

/**
 * One move of contractMachine in the caller's scope at the version seen, with what goes with it:
 * 签署 (signer, time; the customer 已签合同未审核), 审核 (auditor, time; the customer 已签合同未入住),
 * 作废 (reason; the customer back to 意向客户 unless she holds another contract), 终止 (reason),
 * 结束 (once the order is 已结账).
 */
export async function moveContract(db: Kysely<DB>, session: SessionInfo, event: MoveEvent, input: ContractMove | ContractClose): Promise<ContractRecord> {
  const scope = await contractScope(db, session);
  const reason = 'reason' in input ? input.reason : undefined;
  await db.transaction().execute(async (trx) => {
    const row = await lockedAt(trx, session, scope, input.id, input.version);
    assertMove(contractMachine, row.status, event);
    const now = new Date();
    let set: Record<string, unknown> = {};
    if (event === 'sign') set = { signed_at: now, signer_id: session.userId, terms: await termsForSigning(trx, session.companyId, row) };
    if (event === 'audit') set = { audited_by: session.userId, audited_at: now };
    if (event === 'void' || event === 'terminate') set = { close_reason: reason, closed_at: now };
    if (event === 'end') {
      if ((await repo.orderStatusOf(trx, session.companyId, row.order_id)) !== 'settled') throw new BizError(ContractText.orderNotSettled);
      set = { closed_at: now };
    }
    await transition(trx, session, { machine: contractMachine, table: 'contract', id: row.id, event, version: input.version, scope, set, reason });
    if (event === 'sign') await moveCustomerStatus(trx, session, row.customer_id, 'contractSaved', { ifAllowed: true });
    if (event === 'audit') await moveCustomerStatus(trx, session, row.customer_id, 'contractAudited', { ifAllowed: true });
    if (event === 'void' && !(await repo.hasOtherLiveContract(trx, session.companyId, row.customer_id, row.id))) {
      await moveCustomerStatus(trx, session, row.customer_id, 'contractVoided', { ifAllowed: true, reason });
    }
  });
  return getContract(db, session, input.id, scope);
}
