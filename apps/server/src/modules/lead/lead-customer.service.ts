import type { Kysely } from 'kysely';
import { CustomerText, moveLead, type LeadConvert, type LeadConvertResult, type LeadEvent, type LeadStatus } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound } from '../../platform/errors.js';
import { customerFromLead, isPhoneConflict } from '../customer/customer.service.js';
import * as repo from './lead.repo.js';
import { leadScope } from './lead.rules.js';

/**
 * 转为客户, in one transaction: the lead (visible to the caller, not closed) becomes a new 意向客户
 * carrying its fields — or is linked to the company's customer with its phone — the customer keeps
 * `leadId`, the lead keeps `customerId`, and the lead moves to 已转化.
 */
export async function convertLead(db: Kysely<DB>, session: SessionInfo, input: LeadConvert): Promise<LeadConvertResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const scope = await leadScope(trx, session);
      const [locked] = await repo.lockLeads(trx, session.companyId, scope, [input.id]);
      if (!locked) throw new NotFound();
      const status = refuseIllegal(locked.status, 'convert');
      const lead = (await repo.findLead(trx, session.companyId, scope, input.id))!;
      const storeId = input.storeId ?? lead.preferred_store_id;
      if (!storeId) throw new BizError(CustomerText.storeRequired);
      const customer = await customerFromLead(
        trx,
        session,
        {
          id: lead.id,
          name: lead.name,
          phone: lead.phone,
          wechat: lead.wechat,
          leadChannelId: lead.lead_channel_id,
          channelId: lead.channel_id,
          dueDate: lead.due_date,
          parity: lead.parity,
          ownerId: lead.owner_id,
          remark: lead.remark,
          lastFollowAt: lead.last_follow_at,
          nextFollowAt: lead.next_follow_at,
        },
        storeId,
      );
      await repo.changeLeads(trx, session.companyId, session.userId, [lead.id], { status, customer_id: customer.id, closed_at: new Date(), next_follow_at: null });
      return { leadId: lead.id, customerId: customer.id, customerNo: customer.customerNo, created: customer.created };
    });
  } catch (err) {
    // Someone created a customer with this phone at the same moment: convert again to link to it.
    if (isPhoneConflict(err)) return convertLead(db, session, input);
    throw err;
  }
}

/**
 * For the reservation module, inside its transaction: locks a lead the caller can see, refuses a
 * closed one, and moves it to 已预约参观. Returns its owner (the visit's consultant).
 */
export async function recordVisitBooked(trx: Kysely<DB>, session: SessionInfo, leadId: string): Promise<{ ownerId: string | null }> {
  const [row] = await repo.lockLeads(trx, session.companyId, await leadScope(trx, session), [leadId]);
  if (!row) throw new NotFound();
  const status = refuseIllegal(row.status, 'bookVisit');
  if (status !== row.status) await repo.changeLeads(trx, session.companyId, session.userId, [row.id], { status });
  return { ownerId: row.owner_id };
}

function refuseIllegal(status: LeadStatus, event: LeadEvent): LeadStatus {
  const move = moveLead(status, event);
  if (!move.ok) throw new BizError(move.message);
  return move.status;
}
