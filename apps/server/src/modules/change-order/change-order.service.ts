import type { Kysely } from 'kysely';
import { fromCents, NumberRuleCode, toCents } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { nextNumber } from '../number-rule/number-rule.service.js';
import * as repo from './change-order.repo.js';

/**
 * For other modules, inside their transaction: a 退款 change order waiting for approval (待审核,
 * step 1) that refunds `amount` (yuan, > 0) of an order or of a 订房预约's deposit once approved.
 * Used by the order's cancellation and by the room hold's cancellation.
 */
export async function createRefundChangeOrder(
  trx: Db,
  session: SessionInfo,
  input: { orderId?: string | null; reservationId?: string | null; customerId: string; storeId: string; amount: string | number; reason: string },
): Promise<{ id: string; changeNo: string }> {
  const cents = toCents(input.amount);
  if (cents <= 0) throw new BizError('退款金额必须大于0');
  if (!input.orderId && !input.reservationId) throw new BizError('退款须关联订单或订房预约');
  const changeNo = await nextNumber(trx as Kysely<DB>, NumberRuleCode.changeOrder);
  const id = await repo.insertChangeOrder(trx, {
    company_id: session.companyId,
    change_no: changeNo,
    order_id: input.orderId ?? null,
    reservation_id: input.reservationId ?? null,
    customer_id: input.customerId,
    store_id: input.storeId,
    kind: 'refund',
    amount_delta: fromCents(-cents),
    reason: input.reason.slice(0, 500),
    status: 'pending_audit',
    approval_step: 1,
    submitted_at: new Date(),
    created_by: session.userId,
    updated_by: session.userId,
  });
  await trx
    .insertInto('state_change')
    .values({ company_id: session.companyId, resource: 'change_order', record_id: id, event: 'submit', from_state: 'draft', to_state: 'pending_audit', reason: input.reason.slice(0, 500), changed_by: session.userId })
    .execute();
  return { id, changeNo };
}
