import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { centsToMoney, moneyToCents, ReceivableText } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import type { PushBus } from '../../platform/push/push-bus.js';
import { shanghaiDate } from '../../platform/time.js';
import { dictLabeler } from '../dict/dict.service.js';
import { createTemplatedMessages, pushMessages, type SentMessage } from '../message/message.service.js';

/** The message a consultant (or the store manager) receives for an overdue receivable. */
export const overdueTemplate = {
  code: ReceivableText.overdueTemplateCode,
  name: '应收逾期提醒',
  title: '应收逾期：${customerName} ${item}',
  body: '<p>客户 <b>${customerName}</b>（订单 ${orderNo}）的${item} ${outstanding} 元已于 ${dueDate} 到期，已逾期 ${days} 天，请及时跟进收款。</p>',
  priority: 'H' as const,
};

/** Every company gets the template once (an administrator may edit or disable it later). */
export async function seedOverdueTemplate(db: Kysely<DB>): Promise<number> {
  const result = await sql`insert into message_template (company_id, code, name, channel, title, body, priority)
    select c.id, ${overdueTemplate.code}, ${overdueTemplate.name}, 'system', ${overdueTemplate.title}, ${overdueTemplate.body}, ${overdueTemplate.priority}
    from company c
    where not exists (select 1 from message_template t where t.company_id = c.id and t.code = ${overdueTemplate.code})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}


/**
 * Sends each overdue receivable's order consultant (or, without one, the store manager) a reminder,
 * at most once per receivable per Shanghai day: the receivable is claimed by setting `reminded_on`
 * (rows of other instances skipped, SKIP LOCKED) in the transaction that stores the message.
 * Answers the messages sent; pushed to browsers after the commit.
 */
export async function sendOverdueReminders(db: Kysely<DB>, push: PushBus | null, now: Date = new Date(), batch = 200): Promise<SentMessage[]> {
  const today = shanghaiDate(now);
  // Companies created since start-up get the template too.
  await seedOverdueTemplate(db);
  const sent = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('receivable as r')
      .leftJoin('sales_order as o', 'o.id', 'r.order_id')
      .leftJoin('customer as c', 'c.id', 'r.customer_id')
      .leftJoin('store as s', 's.id', 'r.store_id')
      .select(['r.id', 'r.company_id', 'r.item', 'r.due_date', 'r.amount', 'r.received', 'o.order_no', 'c.name as customer_name', 'o.consultant_id', 's.manager_id'])
      .select(sql<number>`(${today}::date - r.due_date)`.as('days'))
      .where(sql<boolean>`r.received < r.amount`)
      .where('r.due_date', '<', today)
      .where((eb) => eb.or([eb('r.reminded_on', 'is', null), eb('r.reminded_on', '<', today)]))
      .orderBy('r.id')
      .limit(batch)
      .forUpdate('r')
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    await trx.updateTable('receivable').set({ reminded_on: today }).where('id', 'in', due.map((r) => r.id)).execute();
    const label = await dictLabeler(trx, 'receivable_item');
    const messages: SentMessage[] = [];
    for (const r of due) {
      const to = r.consultant_id ?? r.manager_id;
      if (!to) continue;
      const data = {
        customerName: r.customer_name ?? '',
        orderNo: r.order_no ?? '',
        item: label(r.item),
        dueDate: r.due_date,
        outstanding: centsToMoney(moneyToCents(r.amount) - moneyToCents(r.received)),
        days: String(r.days),
      };
      const link = { openType: 'url' as const, openPage: '/finance/receivable', busId: r.id };
      // A company without the template (disabled by an administrator) gets no reminders.
      const stored = await createTemplatedMessages(trx, { companyId: r.company_id, templateCode: overdueTemplate.code, data, to: { userIds: [to] }, link }).catch(() => []);
      messages.push(...stored);
    }
    return messages;
  });
  if (push) await pushMessages(push, sent);
  return sent;
}

/** Sweeps every OVERDUE_REMINDER_MINUTES (default 60; 0 turns it off) on this instance; answers the stopper. */
export function startOverdueReminderJob(db: Kysely<DB>, push: PushBus, log: FastifyBaseLogger, env: Record<string, string | undefined> = process.env): () => void {
  const minutes = Number(env.OVERDUE_REMINDER_MINUTES ?? 60);
  if (!Number.isFinite(minutes) || minutes <= 0) return () => undefined;
  const timer = setInterval(() => {
    sendOverdueReminders(db, push)
      .then((sent) => {
        if (sent.length) log.info({ sent: sent.length }, 'overdue receivable reminders sent');
      })
      .catch((err: unknown) => log.warn({ err }, 'overdue receivable reminders failed'));
  }, minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
