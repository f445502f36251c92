import type { Kysely } from 'kysely';
import { DictCode, formatDateTime, type SummaryExplainInput } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { dictLabeler } from '../dict/index.js';
import { assertCustomerVisible } from '../customer/customer.service.js';
import { assertLeadVisible } from '../lead/lead.service.js';
import * as repo from './follow-up.repo.js';

// Read-only, for the AI log's 跟进总结 (docs/reports.md "AI log"): the latest follow-ups of a lead or a
// customer the caller can see (their data rules decide; otherwise 404), in words.

export type SummaryTarget = { leadId: string; customerId?: undefined } | { customerId: string; leadId?: undefined };

/** The newest `limit` follow-ups, newest first, with the dictionaries' labels; and how many there are. */
export async function followUpsForSummary(db: Kysely<DB>, session: SessionInfo, target: SummaryTarget, limit: number): Promise<SummaryExplainInput> {
  const paging = { pageNo: 1, pageSize: limit, order: 'desc' as const };
  let page: { rows: repo.FollowUpRow[]; total: number };
  if (target.leadId) {
    await assertLeadVisible(db, session, target.leadId);
    page = await repo.pageLeadFollowUps(db, session.companyId, { leadId: target.leadId, ...paging });
  } else {
    await assertCustomerVisible(db, session, target.customerId!);
    page = await repo.pageCustomerFollowUps(db, session.companyId, { customerId: target.customerId!, ...paging });
  }
  const [typeLabel, wayLabel] = await Promise.all([dictLabeler(db, DictCode.followUpType), dictLabeler(db, DictCode.followUpWay)]);
  return {
    subject: target.leadId ? 'lead' : 'customer',
    total: page.total,
    followUps: page.rows.map((r) => ({
      at: formatDateTime(r.created_at, 'YYYY-MM-DD HH:mm'),
      type: typeLabel(r.type),
      way: wayLabel(r.way),
      content: r.content,
      by: r.created_by_name ?? '',
      nextFollowAt: r.next_follow_at ? formatDateTime(r.next_follow_at, 'YYYY-MM-DD HH:mm') : null,
    })),
  };
}
