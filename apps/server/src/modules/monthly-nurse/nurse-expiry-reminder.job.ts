import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { EXPIRY_FLAG_LABELS, expiryFlag, expiryWarningUntil, MonthlyNursePermission, MonthlyNurseText } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import type { PushBus } from '../../platform/push/push-bus.js';
import { shanghaiDate } from '../../platform/time.js';
import { dictLabeler } from '../dict/dict.service.js';
import { createTemplatedMessages, pushMessages, type SentMessage } from '../message/message.service.js';

/** The message the users who edit nurses receive about a health certificate, insurance or certificate expiring. */
export const nurseExpiryTemplate = {
  code: MonthlyNurseText.expiryTemplateCode,
  name: '月嫂证件到期提醒',
  title: '月嫂证件${state}：${nurseName} ${item}',
  body: '<p>月嫂 <b>${nurseName}</b>（${nurseNo}）的${item}${when}，请及时提醒更新。</p>',
  priority: 'M' as const,
};

/** Every company gets the template once (an administrator may edit or disable it later). */
export async function seedNurseExpiryTemplate(db: Kysely<DB>): Promise<number> {
  const t = nurseExpiryTemplate;
  const result = await sql`insert into message_template (company_id, code, name, channel, title, body, priority)
    select c.id, ${t.code}, ${t.name}, 'system', ${t.title}, ${t.body}, ${t.priority}
    from company c
    where not exists (select 1 from message_template m where m.company_id = c.id and m.code = ${t.code})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Enabled users of the company holding 编辑月嫂 through an enabled group (or a super group). */
async function editorsOf(db: Kysely<DB>, companyId: string): Promise<string[]> {
  const action = MonthlyNursePermission.monthlyNurseEdit;
  const rows = await sql<{ user_id: string }>`
    select distinct ug.user_id
    from user_security_group ug
    join security_group g on g.id = ug.group_id and g.enabled and g.company_id = ${companyId}
    join app_user u on u.id = ug.user_id and u.status = 'enabled'
    where g.all_permissions or exists (
      select 1 from security_group_permission gp join sys_permission p on p.id = gp.permission_id
      where gp.group_id = g.id and p.action = ${action})
    order by ug.user_id`.execute(db);
  return rows.rows.map((r) => r.user_id);
}

interface Due {
  /** health / insurance of a nurse, or a certificate. */
  kind: 'health' | 'insurance' | 'certificate';
  id: string;
  company_id: string;
  nurse_id: string;
  nurse_no: string;
  nurse_name: string;
  item: string;
  expires_on: string;
}

/**
 * Sends the users who edit nurses (编辑月嫂) one message per expired or soon-expiring (30 days) health
 * certificate, insurance and certificate of a nurse not 离职, at most once per item per Shanghai day:
 * the item is claimed by setting its `reminded_on` (rows other instances hold are skipped, SKIP LOCKED)
 * in the transaction that stores the messages. Answers the messages sent; pushed after the commit.
 */
export async function sendNurseExpiryReminders(db: Kysely<DB>, push: PushBus | null, now: Date = new Date(), batch = 200): Promise<SentMessage[]> {
  const today = shanghaiDate(now);
  const until = expiryWarningUntil(today);
  await seedNurseExpiryTemplate(db);
  const sent = await db.transaction().execute(async (trx) => {
    const stale = (column: 'health_reminded_on' | 'insurance_reminded_on') => sql<boolean>`(${sql.ref(`n.${column}`)} is null or ${sql.ref(`n.${column}`)} < ${today})`;
    const nurses = (column: 'health_cert_expiry' | 'insurance_expiry', reminded: 'health_reminded_on' | 'insurance_reminded_on') =>
      trx
        .selectFrom('monthly_nurse as n')
        .select(['n.id', 'n.company_id', 'n.nurse_no', 'n.name', `n.${column} as expires_on`])
        .where('n.status', '<>', 'left')
        .where(`n.${column}`, 'is not', null)
        .where(`n.${column}`, '<=', until)
        .where(stale(reminded))
        .orderBy('n.id')
        .limit(batch)
        .forUpdate()
        .skipLocked()
        .execute();
    const health = await nurses('health_cert_expiry', 'health_reminded_on');
    if (health.length) await trx.updateTable('monthly_nurse').set({ health_reminded_on: today }).where('id', 'in', health.map((n) => n.id)).execute();
    const insurance = await nurses('insurance_expiry', 'insurance_reminded_on');
    if (insurance.length) await trx.updateTable('monthly_nurse').set({ insurance_reminded_on: today }).where('id', 'in', insurance.map((n) => n.id)).execute();
    const certs = await trx
      .selectFrom('nurse_certificate as c')
      .innerJoin('monthly_nurse as n', 'n.id', 'c.nurse_id')
      .select(['c.id', 'c.company_id', 'c.nurse_id', 'c.kind', 'c.name', 'c.expires_on', 'n.nurse_no', 'n.name as nurse_name'])
      .where('n.status', '<>', 'left')
      .where('c.expires_on', 'is not', null)
      .where('c.expires_on', '<=', until)
      .where((eb) => eb.or([eb('c.reminded_on', 'is', null), eb('c.reminded_on', '<', today)]))
      // The 健康证 kept as a certificate too is reminded of once (as the nurse's health certificate).
      .where(sql<boolean>`not (c.kind = 'health' and c.expires_on is not distinct from n.health_cert_expiry)`)
      .orderBy('c.id')
      .limit(batch)
      .forUpdate('c')
      .skipLocked()
      .execute();
    if (certs.length) await trx.updateTable('nurse_certificate').set({ reminded_on: today }).where('id', 'in', certs.map((c) => c.id)).execute();

    const certLabel = await dictLabeler(trx, 'nurse_certificate');
    const due: Due[] = [
      ...health.map((n) => ({ kind: 'health' as const, id: n.id, company_id: n.company_id, nurse_id: n.id, nurse_no: n.nurse_no, nurse_name: n.name, item: '健康证', expires_on: n.expires_on! })),
      ...insurance.map((n) => ({ kind: 'insurance' as const, id: n.id, company_id: n.company_id, nurse_id: n.id, nurse_no: n.nurse_no, nurse_name: n.name, item: '保险', expires_on: n.expires_on! })),
      ...certs.map((c) => ({ kind: 'certificate' as const, id: c.id, company_id: c.company_id, nurse_id: c.nurse_id, nurse_no: c.nurse_no, nurse_name: c.nurse_name, item: c.name || certLabel(c.kind), expires_on: c.expires_on! })),
    ];
    const editors = new Map<string, string[]>();
    const messages: SentMessage[] = [];
    for (const d of due) {
      if (!editors.has(d.company_id)) editors.set(d.company_id, await editorsOf(trx, d.company_id));
      const to = editors.get(d.company_id)!;
      if (to.length === 0) continue;
      const flag = expiryFlag(d.expires_on, today)!;
      const data = {
        nurseName: d.nurse_name,
        nurseNo: d.nurse_no,
        item: d.item,
        state: EXPIRY_FLAG_LABELS[flag],
        when: flag === 'expired' ? `已于 ${d.expires_on} 过期` : `将于 ${d.expires_on} 到期`,
      };
      const link = { openType: 'url' as const, openPage: '/serve/monthlyNurse', busId: d.nurse_id };
      // A company whose administrator disabled the template gets no reminders.
      messages.push(...(await createTemplatedMessages(trx, { companyId: d.company_id, templateCode: nurseExpiryTemplate.code, data, to: { userIds: to }, link }).catch(() => [])));
    }
    return messages;
  });
  if (push) await pushMessages(push, sent);
  return sent;
}

/** Sweeps every NURSE_EXPIRY_REMINDER_MINUTES (default 60; 0 turns it off) on this instance; answers the stopper. */
export function startNurseExpiryReminderJob(db: Kysely<DB>, push: PushBus, log: FastifyBaseLogger, env: Record<string, string | undefined> = process.env): () => void {
  const minutes = Number(env.NURSE_EXPIRY_REMINDER_MINUTES ?? 60);
  if (!Number.isFinite(minutes) || minutes <= 0) return () => undefined;
  const timer = setInterval(() => {
    sendNurseExpiryReminders(db, push)
      .then((sent) => {
        if (sent.length) log.info({ sent: sent.length }, 'nurse expiry reminders sent');
      })
      .catch((err: unknown) => log.warn({ err }, 'nurse expiry reminders failed'));
  }, minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
