import type { Kysely } from 'kysely';
import { CustomerText, leadMachine, type LeadConvert, type LeadConvertResult } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { transition } from '../../platform/crud/transition.js';
import { BizError } from '../../platform/errors.js';
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
      let result: LeadConvertResult | undefined;
      await transition(trx, session, {
        machine: leadMachine,
        table: 'lead',
        alias: 'l',
        id: input.id,
        event: 'convert',
        scope,
        set: async () => {
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
          result = { leadId: lead.id, customerId: customer.id, customerNo: customer.customerNo, created: customer.created };
          return { customer_id: customer.id, closed_at: new Date(), next_follow_at: null };
        },
      });
      return result!;
    });
  } catch (err) {
    // Someone created a customer with this phone at the same moment: convert again to link to it.
    if (isPhoneConflict(err)) return convertLead(db, session, input);
    throw err;
  }
}
