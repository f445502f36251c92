import type { Kysely } from 'kysely';
import { contractMachine, formatDateTime, type ContractEvent, type ContractStatus, type CustomerContract } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import * as repo from './contract.repo.js';
import { contractScope } from './contract.rules.js';

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
  const live = await repo.liveContract(trx, actor.companyId, orderId, { lock: true });
  if (!live || live.status === 'ended') return undefined;
  const event: ContractEvent = live.status === 'effective' ? 'terminate' : 'void';
  const moved = await transition(trx, actor, { machine: contractMachine, table: 'contract', id: live.id, event, set: { close_reason: reason, closed_at: new Date() }, reason });
  return { id: live.id, from: moved.from, to: moved.to };
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
