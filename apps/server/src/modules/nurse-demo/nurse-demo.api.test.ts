import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  MonthlyNursePermission,
  NumberRuleCode,
  NurseAssignmentPermission,
  NurseEvaluationPermission,
  NurseLinkPermission,
  NursePayStandardPermission,
  NurseSchedulePermission,
  NurseSettlementPermission,
} from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDate } from '../../platform/time.js';
import { seedDemoNursesIfEmpty } from '../../seed/demo-nurse-data.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { nextNumber } from '../number-rule/number-rule.service.js';

describe('demo nurses of the demo company', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  const rows = async <R>(query: ReturnType<typeof sql<R>>) => (await query.execute(db)).rows;
  const count = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(db)).rows[0]!.n);
  const today = () => shanghaiDate();

  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_CRM_DATA: 'on' } });
    db = t.ctx.database.db;
  }, 240_000);
  afterAll(() => t?.close());

  it('40 nurses over both stores and every level, numbered YS00001…, seeded once', async () => {
    const nurses = await db.selectFrom('monthly_nurse as n').innerJoin('store as s', 's.id', 'n.store_id').select(['n.nurse_no', 'n.level', 'n.status', 's.code', 'n.phone', 'n.name']).orderBy('n.nurse_no').execute();
    expect(nurses).toHaveLength(40);
    expect(nurses[0]!.nurse_no).toBe('YS00001');
    expect(nurses.at(-1)!.nurse_no).toBe('YS00040');
    expect(nurses.filter((n) => n.code === 'NS')).toHaveLength(20);
    expect(nurses.filter((n) => n.code === 'FT')).toHaveLength(20);
    expect(new Set(nurses.map((n) => n.level))).toEqual(new Set(['junior', 'middle', 'senior', 'gold']));
    expect(new Set(nurses.map((n) => n.phone)).size).toBe(40);
    expect(new Set(nurses.map((n) => n.name)).size).toBe(40);
    for (const n of nurses) expect(n.phone).toMatch(/^1\d{10}$/);
    expect(new Set(nurses.map((n) => n.status))).toEqual(new Set(['active', 'on_duty', 'resting', 'left']));
    expect(await seedDemoNursesIfEmpty(db, t.config)).toBeNull();
    expect(await count(sql`select count(*) as n from monthly_nurse`)).toBe(40);
  });

  it('certificates, health certificates and insurance: some expired, some expiring within 30 days; a few leaves', async () => {
    const day = today();
    const soon = addDays(day, 30);
    expect(await count(sql`select count(*) as n from nurse_certificate where expires_on < ${day}::date`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from nurse_certificate where expires_on >= ${day}::date and expires_on <= ${soon}::date`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from monthly_nurse where health_cert_expiry < ${day}::date`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from monthly_nurse where health_cert_expiry between ${day}::date and ${soon}::date`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from monthly_nurse where insurance_expiry < ${day}::date`)).toBeGreaterThan(0);
    // Each nurse's 健康证 is on file with her health certificate's expiry.
    expect(await count(sql`
      select count(*) as n from monthly_nurse m
       where not exists (select 1 from nurse_certificate c where c.nurse_id = m.id and c.kind = 'health' and c.expires_on = m.health_cert_expiry)`)).toBe(0);
    expect(await count(sql`select count(*) as n from nurse_leave`)).toBeGreaterThanOrEqual(3);
    // A resting nurse is on leave today; no leave falls on a day its nurse works.
    expect(await count(sql`
      select count(*) as n from monthly_nurse m where m.status = 'resting'
         and not exists (select 1 from nurse_leave l where l.nurse_id = m.id and ${day}::date between l.start_date and l.end_date)`)).toBe(0);
    expect(await count(sql`
      select count(*) as n from nurse_leave l join nurse_assignment a on a.nurse_id = l.nurse_id
       where nurse_assignment_busy(a.status, a.start_date, a.end_date, a.actual_start, a.actual_end) && daterange(l.start_date, l.end_date, '[]')`)).toBe(0);
  });

  it('assignments in every state, a year back and weeks ahead, never two live ones of a nurse on a day', async () => {
    const states = await rows<{ status: string; n: string }>(sql`select status, count(*) as n from nurse_assignment group by status`);
    expect(states.map((s) => s.status).sort()).toEqual(['cancelled', 'completed', 'dispatched', 'in_service', 'pending_audit']);
    const byStatus = Object.fromEntries(states.map((s) => [s.status, Number(s.n)]));
    expect(byStatus.completed).toBeGreaterThan(200);
    const span = (await rows<{ oldest: string; newest: string }>(sql`select min(start_date)::text as oldest, max(start_date)::text as newest from nurse_assignment`))[0]!;
    // As far back as the demo customers' deliveries go (about ten months of the CRM demo's year).
    expect(span.oldest <= addDays(today(), -290)).toBe(true);
    expect(span.newest > today()).toBe(true);
    // Every nurse worked through the year (the one who left until she left; a 育儿嫂's jobs last months).
    expect(await count(sql`select count(*) as n from monthly_nurse m where (select count(*) from nurse_assignment a where a.nurse_id = m.id and a.status = 'completed') < 2`)).toBe(0);

    // The busy days of docs/nurses.md, computed here from the rows.
    const all = await db.selectFrom('nurse_assignment').select(['nurse_id', 'assignment_no', 'status', 'start_date', 'end_date', 'actual_start', 'actual_end']).execute();
    const busy = all
      .filter((a) => a.status !== 'cancelled')
      .map((a) => ({
        nurse: a.nurse_id, no: a.assignment_no,
        from: a.actual_start ?? a.start_date,
        to: a.status === 'completed' ? (a.actual_end ?? a.end_date) : a.end_date,
      }))
      .sort((a, b) => a.nurse.localeCompare(b.nurse) || a.from.localeCompare(b.from));
    const clashes: string[] = [];
    for (let i = 1; i < busy.length; i++) {
      const [prev, cur] = [busy[i - 1]!, busy[i]!];
      if (prev.nurse === cur.nurse && cur.from < prev.to) clashes.push(`${prev.no} / ${cur.no}`);
    }
    expect(clashes).toEqual([]);
    for (const a of busy) expect(a.from < a.to).toBe(true);

    // States follow the calendar and carry their dates.
    const day = today();
    for (const a of all) {
      if (a.status === 'completed') {
        expect(a.actual_start && a.actual_end && a.actual_end <= day && a.actual_start >= a.start_date && a.actual_end <= a.end_date).toBeTruthy();
      } else if (a.status === 'in_service') {
        expect(a.actual_start! <= day && day < a.end_date && a.actual_end === null).toBe(true);
      } else {
        expect(a.actual_start).toBeNull();
        if (a.status !== 'cancelled') expect(a.start_date > day).toBe(true);
      }
    }
    expect(await count(sql`select count(*) as n from nurse_assignment where status = 'cancelled' and coalesce(cancel_reason, '') = ''`)).toBe(0);
    expect(await count(sql`select count(*) as n from nurse_assignment where status in ('dispatched', 'in_service', 'completed') and audited_by is null`)).toBe(0);
    expect(await count(sql`select count(*) as n from nurse_assignment where status = 'pending_audit' and audited_by is not null`)).toBe(0);
  });

  it('assignments belong to the nurse’s store: its customers and orders; 会所 ones serve an order’s stay; rates are the pay standards’', async () => {
    expect(await count(sql`
      select count(*) as n from nurse_assignment a join monthly_nurse m on m.id = a.nurse_id join customer c on c.id = a.customer_id
       left join sales_order o on o.id = a.order_id
       where a.store_id <> m.store_id or c.store_id <> a.store_id or (o.id is not null and (o.store_id <> a.store_id or o.customer_id <> a.customer_id))`)).toBe(0);
    // As 派工 allows: 会所 and 医院陪护 under an order, 到家 for a customer alone; work to come under a 已确认 or 已入住 order.
    expect(await count(sql`select count(*) as n from nurse_assignment where service_form <> 'home' and order_id is null`)).toBe(0);
    expect(await count(sql`select count(*) as n from nurse_assignment where service_form = 'home' and order_id is null`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from nurse_assignment where service_form = 'hospital'`)).toBeGreaterThan(0);
    expect(await count(sql`
      select count(*) as n from nurse_assignment a join sales_order o on o.id = a.order_id
       where a.status in ('pending_audit', 'dispatched', 'in_service') and o.status not in ('confirmed', 'checked_in')`)).toBe(0);
    expect(await count(sql`select count(*) as n from nurse_assignment a join sales_order o on o.id = a.order_id where o.status in ('draft', 'pending_audit')`)).toBe(0);
    expect(await count(sql`
      select count(*) as n from nurse_assignment a join sales_order o on o.id = a.order_id
       where a.service_form = 'center' and (a.start_date <> o.planned_check_in or a.end_date <> o.planned_check_out)`)).toBe(0);
    // Every nurse's level × practice type × service form has an enabled standard: her price and her jobs' rate.
    expect(await count(sql`
      select count(*) as n from monthly_nurse m
       where not exists (select 1 from nurse_pay_standard p where p.level = m.level and p.practice_type = m.practice_type and p.service_type = m.service_type
                           and p.enabled and p.price_26_days = m.price_26_days)`)).toBe(0);
    expect(await count(sql`
      select count(*) as n from nurse_assignment a join monthly_nurse m on m.id = a.nurse_id
       join nurse_pay_standard p on p.level = m.level and p.practice_type = m.practice_type and p.service_type = m.service_type
       where a.daily_rate <> p.daily_rate or a.service_form <> m.service_type`)).toBe(0);
    const gold = (await rows<{ price: string; daily: string }>(sql`
      select price_26_days::text as price, daily_rate::text as daily from nurse_pay_standard
       where level = 'gold' and practice_type = 'confinement_nurse' and service_type = 'home'`))[0]!;
    expect(Number(gold.price)).toBe(16800);
    expect(Number(gold.daily)).toBeLessThan(16800 / 26);
  });

  it('四眼原则 (docs/money.md): no 派工 audited, no settlement audited by the person who created it', async () => {
    expect(await count(sql`select count(*) as n from nurse_assignment where audited_by is not null`)).toBeGreaterThan(0);
    expect(await rows(sql`select assignment_no from nurse_assignment where audited_by = created_by`)).toEqual([]);
    expect(await rows(sql`select settlement_no from nurse_settlement where audited_by = created_by`)).toEqual([]);
  });

  it('on-duty nurses are exactly those with an assignment in service', async () => {
    const onDuty = await rows<{ id: string }>(sql`select id from monthly_nurse where status = 'on_duty' order by id`);
    const serving = await rows<{ id: string }>(sql`select distinct nurse_id as id from nurse_assignment where status = 'in_service' order by nurse_id`);
    expect(onDuty.length).toBeGreaterThan(0);
    expect(onDuty).toEqual(serving);
    // Nobody who left or rests has work from today on.
    expect(await count(sql`
      select count(*) as n from nurse_assignment a join monthly_nurse m on m.id = a.nurse_id
       where m.status in ('left', 'resting') and a.status in ('pending_audit', 'dispatched', 'in_service')`)).toBe(0);
  });

  it('evaluations of completed assignments; each nurse’s rating is the mean of hers', async () => {
    expect(await count(sql`select count(*) as n from nurse_evaluation`)).toBeGreaterThan(150);
    expect(await count(sql`
      select count(*) as n from nurse_evaluation e join nurse_assignment a on a.id = e.assignment_id
       where a.status <> 'completed' or e.nurse_id <> a.nurse_id or e.customer_id <> a.customer_id or e.store_id <> a.store_id
          or e.evaluated_at < (a.actual_end::timestamp at time zone 'Asia/Shanghai') or e.comment = ''`)).toBe(0);
    const aspects = await db.selectFrom('nurse_evaluation').select(['overall', 'aspects']).execute();
    for (const e of aspects) {
      const a = typeof e.aspects === 'string' ? JSON.parse(e.aspects) : e.aspects;
      expect(Object.keys(a).sort()).toEqual(['attitude', 'communication', 'hygiene', 'skill']);
      for (const v of Object.values(a) as number[]) expect(v >= 1 && v <= 5).toBe(true);
    }
    expect(new Set(aspects.map((e) => e.overall)).size).toBeGreaterThanOrEqual(3);
    const ratings = await rows<{ rating: string | null; rating_count: number; mean: string | null; n: string }>(sql`
      select m.rating::text as rating, m.rating_count, round(avg(e.overall), 2)::text as mean, count(e.id) as n
        from monthly_nurse m left join nurse_evaluation e on e.nurse_id = m.id group by m.id`);
    for (const r of ratings) {
      expect(r.rating_count).toBe(Number(r.n));
      expect(r.rating).toBe(r.mean);
    }
    expect(ratings.filter((r) => r.rating !== null).length).toBe(40);
  });

  it('settlements of completed assignments: days × rate ± items, most audited, some pending, one live per assignment', async () => {
    const settlements = await db
      .selectFrom('nurse_settlement as s')
      .innerJoin('nurse_assignment as a', 'a.id', 's.assignment_id')
      .select(['s.settlement_no', 's.status', 's.days', 's.daily_rate', 's.base_amount', 's.bonus', 's.deduction', 's.total', 's.items', 's.nurse_id', 's.store_id', 's.audited_by'])
      .select(['a.status as assignment_status', 'a.actual_start', 'a.actual_end', 'a.daily_rate as assignment_rate', 'a.nurse_id as assignment_nurse', 'a.store_id as assignment_store'])
      .execute();
    expect(settlements.length).toBeGreaterThan(150);
    const cents = (m: string) => Math.round(Number(m) * 100);
    const dayNo = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
    for (const s of settlements) {
      expect(s.assignment_status).toBe('completed');
      expect([s.nurse_id, s.store_id]).toEqual([s.assignment_nurse, s.assignment_store]);
      expect(s.days).toBe(dayNo(s.actual_end!) - dayNo(s.actual_start!));
      expect(cents(s.daily_rate)).toBe(cents(s.assignment_rate));
      expect(cents(s.base_amount)).toBe(s.days * cents(s.daily_rate));
      const items = (typeof s.items === 'string' ? JSON.parse(s.items) : s.items) as { kind: string; amount: string }[];
      const sum = (kind: string) => items.filter((i) => i.kind === kind).reduce((total, i) => total + cents(i.amount), 0);
      expect(cents(s.bonus)).toBe(sum('bonus'));
      expect(cents(s.deduction)).toBe(sum('deduction'));
      expect(cents(s.total)).toBe(cents(s.base_amount) + cents(s.bonus) - cents(s.deduction));
      expect(cents(s.total)).toBeGreaterThanOrEqual(0);
      expect(s.status === 'pending_audit' ? s.audited_by === null : s.audited_by !== null).toBe(true);
    }
    const byStatus = (status: string) => settlements.filter((s) => s.status === status).length;
    expect(byStatus('audited')).toBeGreaterThan(byStatus('pending_audit'));
    expect(byStatus('pending_audit')).toBeGreaterThan(0);
    expect(settlements.some((s) => cents(s.bonus) > 0) && settlements.some((s) => cents(s.deduction) > 0)).toBe(true);
    expect(await count(sql`select count(*) as n from (select assignment_id from nurse_settlement where status <> 'rejected' group by assignment_id having count(*) > 1) d`)).toBe(0);
    // The latest finished ones wait for their settlement.
    expect(await count(sql`select count(*) as n from nurse_assignment a where a.status = 'completed' and not exists (select 1 from nurse_settlement s where s.assignment_id = a.id)`)).toBeGreaterThan(0);
  });

  it('the number rules go on after the demo numbers: the next 月嫂编号, 派工单号 and 结算单号 are free', async () => {
    await db
      .transaction()
      .execute(async (trx) => {
        const nurseNo = await nextNumber(trx, NumberRuleCode.nurse);
        expect(nurseNo).toBe('YS00041');
        expect(await trx.selectFrom('monthly_nurse').select('id').where('nurse_no', '=', nurseNo).executeTakeFirst()).toBeUndefined();
        const assignmentNo = await nextNumber(trx, NumberRuleCode.nurseAssignment);
        expect(await trx.selectFrom('nurse_assignment').select('id').where('assignment_no', '=', assignmentNo).executeTakeFirst()).toBeUndefined();
        const settlementNo = await nextNumber(trx, NumberRuleCode.nurseSettlement);
        expect(await trx.selectFrom('nurse_settlement').select('id').where('settlement_no', '=', settlementNo).executeTakeFirst()).toBeUndefined();
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });
  });

  it('demo roles: 月嫂管理 holds every nurse action, 店长 / 财务 / 护理主管 theirs; store rules on nurses, assignments and evaluations', async () => {
    const granted = async (group: string) =>
      new Set(
        (await rows<{ action: string | null; path: string | null }>(sql`
          select p.action, p.path from security_group g join security_group_permission gp on gp.group_id = g.id join sys_permission p on p.id = gp.permission_id
           where g.name = ${group}`)).flatMap((p) => [p.action, p.path]).filter(Boolean),
      );
    const manager = await granted('月嫂管理');
    const every = [MonthlyNursePermission, NurseLinkPermission, NurseAssignmentPermission, NurseSchedulePermission, NurseEvaluationPermission, NursePayStandardPermission].flatMap((p) => Object.values(p));
    for (const action of every) expect(manager.has(action), action).toBe(true);
    for (const path of ['/serve/monthlyNurse', '/serve/nurseAssignment', '/serve/nurseSchedule', '/serve/nurseEvaluation', '/serve/nursePayStandard']) expect(manager.has(path), path).toBe(true);
    expect(manager.has(NurseSettlementPermission.nurseSettlementAudit)).toBe(false);

    const store = await granted('店长');
    for (const action of [MonthlyNursePermission.monthlyNurseList, NurseAssignmentPermission.nurseAssignmentList, NurseAssignmentPermission.nurseAssignmentAudit, NurseEvaluationPermission.nurseEvaluationList]) {
      expect(store.has(action), action).toBe(true);
    }
    expect(store.has(MonthlyNursePermission.monthlyNurseAdd)).toBe(false);
    const finance = await granted('财务');
    for (const action of [...Object.values(NurseSettlementPermission), NursePayStandardPermission.nursePayStandardList, '/finance/nurseSettlement', '/serve/nursePayStandard']) {
      expect(finance.has(action), action).toBe(true);
    }
    expect(finance.has(NursePayStandardPermission.nursePayStandardEdit)).toBe(false);
    const lead = await granted('护理主管');
    for (const action of [MonthlyNursePermission.monthlyNurseList, NurseSchedulePermission.nurseScheduleList, '/serve/nurseSchedule']) expect(lead.has(action), action).toBe(true);

    const rules = await rows<{ resource: string; path: string; column_key: string; value: string }>(sql`
      select r.resource, p.path, r.column_key, r.value from data_rule r join sys_permission p on p.id = r.permission_id
       where r.resource in ('monthly_nurse', 'nurse_assignment', 'nurse_evaluation') order by r.resource`);
    expect(rules).toEqual([
      { resource: 'monthly_nurse', path: '/serve/monthlyNurse', column_key: 'storeId', value: '#{sys_store_ids}' },
      { resource: 'nurse_assignment', path: '/serve/nurseAssignment', column_key: 'storeId', value: '#{sys_store_ids}' },
      { resource: 'nurse_evaluation', path: '/serve/nurseEvaluation', column_key: 'storeId', value: '#{sys_store_ids}' },
    ]);
  });

  it('nanshan.nurses lists 南山店 nurses only; the admin all 40', async () => {
    const stores = new Map((await db.selectFrom('store').select(['id', 'code']).execute()).map((s) => [s.code, s.id]));
    const token = await t.login('nanshan.nurses', t.config.adminPassword);
    const mine = await t.post<{ records: { storeId: string }[]; total: number }>('/online/monthlyNurse/list', { pageSize: 100 }, { token });
    expect(mine.body.code).toBe('0');
    expect(mine.body.result.total).toBe(20);
    expect(new Set(mine.body.result.records.map((n) => n.storeId))).toEqual(new Set([stores.get('NS')]));
    const admin = await t.post<{ total: number }>('/online/monthlyNurse/list', { pageSize: 10 }, { token: await t.login() });
    expect(admin.body.result.total).toBe(40);
  });

  it('the roles at work on the demo: 派工 by store, a 店长 refused another store’s, matching finds free nurses, 财务 settles every store, evaluations by store', async () => {
    const stores = new Map((await db.selectFrom('store').select(['id', 'code']).execute()).map((s) => [s.code, s.id]));
    const nurses = await t.login('nanshan.nurses', t.config.adminPassword);
    const assignments = await t.post<{ records: { id: string; storeId: string }[]; total: number }>('/online/nurseAssignment/list', { pageSize: 100 }, { token: nurses });
    expect(assignments.body.code).toBe('0');
    expect(assignments.body.result.total).toBeGreaterThan(100);
    expect(new Set(assignments.body.result.records.map((a) => a.storeId))).toEqual(new Set([stores.get('NS')]));
    const manager = await t.login('futian.manager', t.config.adminPassword);
    expect((await t.post('/online/nurseAssignment/queryById', { id: assignments.body.result.records[0]!.id }, { token: manager })).body.code).toBe('404');
    // Her store's customers for a 到家 派工 (the 门店范围 rule), none of the other store's.
    const customers = await t.post<{ records: { storeId: string }[]; total: number }>('/online/customer/list', { pageSize: 100 }, { token: nurses });
    expect(customers.body.code).toBe('0');
    expect(customers.body.result.total).toBeGreaterThan(0);
    expect(new Set(customers.body.result.records.map((c) => c.storeId))).toEqual(new Set([stores.get('NS')]));

    // Past everything booked, her store's nurses are candidates but the resting one and those
    // whose health certificate or insurance runs out first; soon, some are free and some busy.
    type Matched = { id: string; storeId: string; reasons: { code: string }[] };
    const match = async (startDate: string, serviceType?: string) => {
      const res = await t.post<{ candidates: Matched[]; excluded: Matched[] }>('/online/nurseSchedule/match', { storeId: stores.get('NS'), startDate, days: 26, serviceType }, { token: nurses });
      expect(res.body.code).toBe('0');
      return res.body.result;
    };
    const later = await match(addDays(today(), 130));
    const nsNurses = await db.selectFrom('monthly_nurse').select(['id', 'status']).where('store_id', '=', stores.get('NS')!).execute();
    expect(later.candidates.length).toBeGreaterThan(3);
    // Those who left are not offered at all.
    expect(later.candidates.length + later.excluded.length).toBe(nsNurses.filter((n) => n.status !== 'left').length);
    for (const n of nsNurses.filter((x) => x.status === 'resting')) expect(later.excluded.map((x) => x.id)).toContain(n.id);
    for (const n of later.excluded) for (const r of n.reasons) expect(['resting', 'health_cert', 'insurance', 'leave']).toContain(r.code);
    const soon = await match(addDays(today(), 3), 'home');
    expect(soon.candidates.length).toBeGreaterThan(0);
    expect(soon.excluded.some((n) => n.reasons.some((r) => r.code === 'busy'))).toBe(true);

    // 财务: settlements of both stores; the latest finished job is settled as days × rate.
    const finance = await t.login('hq.finance', t.config.adminPassword);
    const settlements = await t.post<{ records: { storeId: string }[] }>('/online/nurseSettlement/list', { pageSize: 500 }, { token: finance });
    expect(settlements.body.code).toBe('0');
    expect(new Set(settlements.body.result.records.map((s) => s.storeId))).toEqual(new Set([stores.get('NS'), stores.get('FT')]));
    const settleable = await t.post<{ id: string; actualStart: string; actualEnd: string }[]>('/online/nurseSettlement/settleable', {}, { token: finance });
    expect(settleable.body.code).toBe('0');
    const job = settleable.body.result[0]!;
    const settled = await t.post<{ days: number; dailyRate: string; total: string }>('/online/nurseSettlement/add', { assignmentId: job.id, items: [] }, { token: finance });
    expect(settled.body.code).toBe('0');
    const rate = await db.selectFrom('nurse_assignment').select(['daily_rate', 'actual_start', 'actual_end']).where('id', '=', job.id).executeTakeFirstOrThrow();
    const days = (Date.parse(rate.actual_end!) - Date.parse(rate.actual_start!)) / 86_400_000;
    expect(settled.body.result.days).toBe(days);
    expect(Math.round(Number(settled.body.result.total) * 100)).toBe(days * Math.round(Number(rate.daily_rate) * 100));

    // 店长: her store's evaluations; 月嫂管理 evaluates a finished job and the nurse's rating stays the mean.
    const evaluations = await t.post<{ records: { storeId: string }[]; total: number }>('/online/nurseEvaluation/list', { pageSize: 100 }, { token: await t.login('nanshan.manager', t.config.adminPassword) });
    expect(evaluations.body.code).toBe('0');
    expect(evaluations.body.result.total).toBeGreaterThan(50);
    expect(new Set(evaluations.body.result.records.map((e) => e.storeId))).toEqual(new Set([stores.get('NS')]));
    const unevaluated = await db
      .selectFrom('nurse_assignment as a')
      .select(['a.id', 'a.nurse_id'])
      .where('a.status', '=', 'completed')
      .where('a.store_id', '=', stores.get('NS')!)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('nurse_evaluation as e').select('e.id').whereRef('e.assignment_id', '=', 'a.id'))))
      .executeTakeFirstOrThrow();
    const evaluated = await t.post('/online/nurseEvaluation/add', { assignmentId: unevaluated.id, overall: 3, aspects: { skill: 3, attitude: 4, hygiene: 3, communication: 3 }, comment: '基本满意' }, { token: nurses });
    expect(evaluated.body.code).toBe('0');
    const rated = (await rows<{ rating: string; mean: string; count: number; n: string }>(sql`
      select m.rating::text as rating, round(avg(e.overall), 2)::text as mean, m.rating_count as count, count(*) as n
        from monthly_nurse m join nurse_evaluation e on e.nurse_id = m.id where m.id = ${unevaluated.nurse_id} group by m.id`))[0]!;
    expect([rated.rating, rated.count]).toEqual([rated.mean, Number(rated.n)]);

    // 下户 of a job in service: the nurse is 在职 again.
    const serving = await db.selectFrom('nurse_assignment').select(['id', 'version', 'nurse_id']).where('status', '=', 'in_service').where('store_id', '=', stores.get('NS')!).orderBy('actual_start').executeTakeFirstOrThrow();
    const finished = await t.post('/online/nurseAssignment/finish', { id: serving.id, version: serving.version }, { token: nurses });
    expect(finished.body.code).toBe('0');
    expect((await db.selectFrom('monthly_nurse').select('status').where('id', '=', serving.nurse_id).executeTakeFirstOrThrow()).status).toBe('active');
  });
});
