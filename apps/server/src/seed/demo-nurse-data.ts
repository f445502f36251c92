import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { addDays, daysBetween, NumberRuleCode } from '@care/shared';
import type { AppConfig } from '../platform/config.js';
import type { DB } from '../platform/db/schema.js';
import { shanghaiDate } from '../platform/time.js';
import { someoneElse } from './demo-four-eyes.js';
import { DEMO_COMPANY_CODE } from './demo-roles.js';

/**
 * Demo monthly nurses (docs/nurses.md): 薪酬标准 for every level × practice type × service form, 40
 * nurses (20 per demo store, every level) with certificates, health certificate and insurance expiries
 * (a few expired or expiring within 30 days) and a few leaves, and a year of assignments each, back to
 * back with gaps and never overlapping: 会所 nurses serve the demo orders of their store for the stay,
 * 医院陪护 nurses the same orders' customers between delivery and arrival, 到家 nurses the store's
 * customers without an order (as 派工 allows: an order is needed except at home), each job soon after
 * the customer's delivery, so a nurse waits between jobs when no customer is due. States
 * follow the calendar: 已完成 (actual dates, most evaluated and settled — 已审核, recent ones 待审核, a
 * few 已驳回 and settled again), 服务中 today (the nurse 上户中), 已派工 and 待审核 ahead, a few 已取消.
 * Each nurse's rating is the mean of her evaluations. `buildDemoNurses` is pure (seeded random); the
 * insert reads its inputs and writes everything in one transaction with a few batched statements.
 */

type Row = Record<string, unknown>;

const LEVELS = ['junior', 'middle', 'senior', 'gold'] as const;
type Level = (typeof LEVELS)[number];
const PRACTICES = ['confinement_nurse', 'nanny', 'lactation_consultant', 'infant_massage'] as const;
type Practice = (typeof PRACTICES)[number];
const FORMS = ['center', 'home', 'hospital'] as const;
type Form = (typeof FORMS)[number];

/** 26-day reference price of a 月嫂 at home per level; other forms and practice types are a share of it. */
const LEVEL_PRICE: Record<Level, number> = { junior: 6800, middle: 8800, senior: 12800, gold: 16800 };
const FORM_FACTOR: Record<Form, number> = { home: 1, center: 0.9, hospital: 1.1 };
const PRACTICE_FACTOR: Record<Practice, number> = { confinement_nurse: 1, nanny: 0.7, lactation_consultant: 1.2, infant_massage: 0.85 };
/** What the nurse earns of the customer's price. */
const NURSE_SHARE = 0.65;

/** The 26-day price and daily rate of a standard, in yuan. */
export function demoPayStandard(level: Level, practice: Practice, form: Form): { price: number; daily: number } {
  const price = Math.round((LEVEL_PRICE[level] * FORM_FACTOR[form] * PRACTICE_FACTOR[practice]) / 100) * 100;
  return { price, daily: Math.round((price / 26) * NURSE_SHARE / 10) * 10 };
}

/** The 20 nurses of each store: service form, practice type, level. */
const TEMPLATES: [Form, Practice, Level][] = [
  ['center', 'confinement_nurse', 'gold'], ['center', 'confinement_nurse', 'gold'], ['center', 'confinement_nurse', 'senior'],
  ['center', 'confinement_nurse', 'senior'], ['center', 'confinement_nurse', 'middle'], ['center', 'confinement_nurse', 'middle'],
  ['center', 'confinement_nurse', 'middle'], ['center', 'confinement_nurse', 'junior'], ['center', 'confinement_nurse', 'junior'],
  ['home', 'confinement_nurse', 'gold'], ['home', 'confinement_nurse', 'senior'], ['home', 'confinement_nurse', 'senior'],
  ['home', 'confinement_nurse', 'middle'], ['home', 'confinement_nurse', 'middle'], ['home', 'confinement_nurse', 'junior'],
  ['hospital', 'confinement_nurse', 'middle'], ['hospital', 'confinement_nurse', 'junior'],
  ['home', 'nanny', 'middle'], ['home', 'lactation_consultant', 'senior'], ['home', 'infant_massage', 'junior'],
];
/** Template indexes (per store code) of nurses who rest now or have left. */
const RESTING: Record<string, number[]> = { NS: [13], FT: [14] };
const LEFT: Record<string, number[]> = { NS: [16], FT: [] };

const NAMES = [
  '张秀兰', '李桂芳', '王春梅', '刘红霞', '陈淑芬', '杨玉梅', '黄凤英', '赵翠萍', '周丽萍', '吴美华',
  '徐金凤', '朱晓燕', '胡海英', '郭秀珍', '何桂英', '高素梅', '林爱华', '罗雪梅', '梁月娥', '宋巧玲',
  '谢银花', '唐冬梅', '韩建芳', '冯彩云', '邓秋月', '曹惠芳', '彭燕萍', '曾美英', '萧兰英', '田水英',
  '董菊香', '袁美珍', '潘晓红', '蒋志芳', '蔡玉珍', '余腊梅', '杜金花', '叶淑珍', '程小琴', '苏丽琼',
];
const HOMETOWNS = ['湖南衡阳', '江西赣州', '四川南充', '广西玉林', '湖北黄冈', '广东梅州', '河南信阳', '安徽六安', '重庆万州', '广东湛江'];
const ID_REGIONS = ['430400', '360700', '511300', '450900', '421100', '441400', '411500', '341500', '500101', '440800'];
// 153, 155, 156, 166, 181, 185: the API and browser tests use 13x, 17x and 199x, the CRM demo other 15x and 18x prefixes.
const PHONE_PREFIXES = ['153', '155', '156', '166', '181', '185'];
const LEAVE_REASONS = ['家中有事', '身体不适，需休息', '回老家探亲', '孩子开学，回家安排', '年度体检'];
const CANCEL_REASONS = ['客户改为会所护理', '客户家中老人帮忙照顾，取消服务', '预产期推迟，客户取消', '客户选择了其他月嫂'];
const COMMENTS: Record<number, string[]> = {
  5: [
    '阿姨非常专业，宝宝护理得很好，月子餐也做得好吃', '服务态度特别好，很细心，全家都很满意', '催乳手法专业，奶水很快就充足了',
    '作息规律，宝宝黄疸护理很到位', '非常负责，夜里带宝宝让我们休息得很好', '经验丰富，教会了我们很多育儿知识',
  ],
  4: ['整体不错，沟通顺畅，个别细节还可以再注意', '护理专业，做饭口味稍微偏淡', '人很勤快，卫生习惯好', '宝宝护理得不错，就是话有点少'],
  3: ['基本满意，有时候沟通不太及时', '专业技能还行，卫生方面需要加强', '做事中规中矩，夜里有时睡得太沉'],
  2: ['服务态度一般，和家人有些摩擦', '不太熟悉新生儿洗澡，需要多培训'],
  1: ['多次迟到，沟通困难'],
};
const QUALITY: Record<Level, number> = { junior: 3.9, middle: 4.2, senior: 4.5, gold: 4.75 };

export interface NurseDemoStore { id: string; code: string; name: string; address: string }
export interface NurseDemoCustomer { id: string; storeId: string; address: string; hospital: string; anchor: string | null }
export interface NurseDemoOrder { id: string; customerId: string; storeId: string; start: string; end: string; status: string }

export interface NurseDemoContext {
  companyId: string;
  /** Today in Asia/Shanghai, `YYYY-MM-DD`. */
  today: string;
  adminId: string;
  financeId: string;
  /** 店长 (audits 派工) and 月嫂管理 (enters nurses, 派工 and evaluations) per store. */
  managers: Map<string, string>;
  nurseManagers: Map<string, string>;
  stores: NurseDemoStore[];
  customers: NurseDemoCustomer[];
  orders: NurseDemoOrder[];
  counters: Map<string, number>;
  seed?: number;
}

export interface DemoNurses {
  standards: Row[];
  nurses: Row[];
  certificates: Row[];
  leaves: Row[];
  assignments: Row[];
  evaluations: Row[];
  settlements: Row[];
  counters: Map<string, number>;
  numbers: { rule: string; number: string }[];
}

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An instant on a Shanghai day at the given hour. */
const at = (date: string, hour: number) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+08:00`);
const money = (cents: number) => (cents / 100).toFixed(2);
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function idNumber(region: string, birth: string, seq: number): string {
  const body = `${region}${birth.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11];
}

interface Job {
  nurse: number;
  customer: NurseDemoCustomer;
  orderId: string | null;
  form: Form;
  start: string;
  end: string;
  /** A cancelled order: the assignment was cancelled with it. */
  cancelled?: string;
}

export function buildDemoNurses(ctx: NurseDemoContext): DemoNurses {
  const random = prng(ctx.seed ?? 20_261_125);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const today = ctx.today;
  const out: DemoNurses = { standards: [], nurses: [], certificates: [], leaves: [], assignments: [], evaluations: [], settlements: [], counters: new Map(ctx.counters), numbers: [] };
  const number = (rule: string, prefix: string, date: string) => {
    const day = date.replaceAll('-', '');
    const key = `${rule}:${day}`;
    const value = (out.counters.get(key) ?? 0) + 1;
    out.counters.set(key, value);
    const n = `${prefix}${day}${String(value).padStart(4, '0')}`;
    out.numbers.push({ rule, number: n });
    return n;
  };
  const audit = (userId: string, date: string, hour = 10) => ({ created_by: userId, created_at: at(date, hour), updated_by: userId, updated_at: at(date, hour) });
  const earliest = (...dates: string[]) => dates.sort()[0]!;

  // 薪酬标准: the whole matrix, so every nurse (and any the demo user adds) finds hers.
  for (const level of LEVELS) {
    for (const practice of PRACTICES) {
      for (const form of FORMS) {
        const { price, daily } = demoPayStandard(level, practice, form);
        out.standards.push({
          id: randomUUID(), company_id: ctx.companyId, level, practice_type: practice, service_type: form, price_26_days: price.toFixed(2), daily_rate: daily.toFixed(2),
          enabled: true, remark: practice === 'confinement_nurse' && form === 'home' ? '26天到家服务参考价' : '', ...audit(ctx.adminId, addDays(today, -400)),
        });
      }
    }
  }

  // The nurses: 20 per store, numbered YS00001… in store order.
  interface Nurse { id: string; index: number; storeId: string; storeCode: string; form: Form; practice: Practice; level: Level; stop: string | null; status: string; quality: number; daily: number }
  const nurses: Nurse[] = [];
  let seq = 0;
  for (const store of ctx.stores) {
    TEMPLATES.forEach(([form, practice, level], t) => {
      const index = seq++;
      const resting = RESTING[store.code]?.includes(t) ?? false;
      const left = LEFT[store.code]?.includes(t) ?? false;
      const { price, daily } = demoPayStandard(level, practice, form);
      const nurse: Nurse = {
        id: randomUUID(), index, storeId: store.id, storeCode: store.code, form, practice, level,
        stop: left ? addDays(today, -120) : resting ? addDays(today, -15) : null,
        status: left ? 'left' : resting ? 'resting' : 'active', quality: QUALITY[level] + (random() - 0.5) * 0.4, daily,
      };
      nurses.push(nurse);
      const birth = `${Number(today.slice(0, 4)) - between(32, 54)}-${String(between(1, 12)).padStart(2, '0')}-${String(between(1, 28)).padStart(2, '0')}`;
      const town = index % HOMETOWNS.length;
      const skills =
        practice === 'nanny' ? ['newborn_care', 'early_education']
        : practice === 'lactation_consultant' ? ['lactation', 'postpartum_care']
        : practice === 'infant_massage' ? ['infant_massage', 'newborn_care']
        : ['newborn_care', 'postpartum_care', ...['confinement_meal', 'lactation', 'early_education', 'infant_massage'].filter((_, i) => random() < [0.8, 0.5, 0.3, 0.3][i]! + LEVELS.indexOf(level) * 0.1)];
      // Health certificate and insurance: a few expired, a few expiring within 30 days, the rest later.
      const health = index % 11 === 3 ? addDays(today, -between(3, 30)) : index % 11 === 7 ? addDays(today, between(3, 25)) : addDays(today, between(40, 330));
      const insurance = index % 13 === 5 ? addDays(today, -between(2, 20)) : index % 13 === 9 ? addDays(today, between(5, 28)) : addDays(today, between(45, 360));
      const joined = addDays(today, -between(420, 1500));
      out.nurses.push({
        id: nurse.id, company_id: ctx.companyId, nurse_no: `YS${String(index + 1).padStart(5, '0')}`, name: NAMES[index % NAMES.length]!,
        phone: `${PHONE_PREFIXES[index % PHONE_PREFIXES.length]}${String(31_870_000 + index * 7_919 + between(0, 99)).padStart(8, '0')}`,
        id_no: idNumber(ID_REGIONS[town]!, birth, 100 + index * 2), birth_date: birth, hometown: HOMETOWNS[town]!, photo: '',
        level, practice_type: practice, service_type: form, employment: form === 'center' ? 'employee' : random() < 0.7 ? 'contract' : 'employee',
        price_26_days: price.toFixed(2), skills, health_cert_expiry: health, insurance_expiry: insurance, store_id: store.id, status: nurse.status,
        remark: left ? '已离职，回老家发展' : resting ? '暂时休息，返岗时间待定' : '',
        ...audit(ctx.nurseManagers.get(store.id) ?? ctx.adminId, joined),
      });
      // Certificates: a 健康证 (its expiry), the practice's own, sometimes 营养师证; some expired, some expiring.
      const certs: { kind: string; name: string; prefix: string; expires: string | null }[] = [
        { kind: 'health', name: '健康证', prefix: 'JK', expires: health },
        practice === 'lactation_consultant' ? { kind: 'lactation', name: '催乳师证', prefix: 'CR', expires: null }
        : practice === 'nanny' ? { kind: 'childcare', name: '育婴师证', prefix: 'YY', expires: null }
        : {
            kind: 'maternity_nurse', name: '母婴护理师证', prefix: 'MY',
            expires: index % 9 === 0 ? addDays(today, -between(10, 60)) : index % 9 === 4 ? addDays(today, between(5, 25)) : addDays(today, between(60, 900)),
          },
      ];
      if (skills.includes('confinement_meal') && random() < 0.5) certs.push({ kind: 'nutrition', name: '营养师证', prefix: 'YYS', expires: null });
      if (skills.includes('early_education') && practice !== 'nanny') certs.push({ kind: 'childcare', name: '育婴师证', prefix: 'YY', expires: null });
      for (const c of certs) {
        const issued = c.kind === 'health' ? addDays(c.expires!, -365) : c.expires ? addDays(c.expires, -365 * 3) : addDays(joined, -between(30, 700));
        out.certificates.push({
          id: randomUUID(), company_id: ctx.companyId, nurse_id: nurse.id, kind: c.kind, name: c.name, cert_no: `${c.prefix}${issued.slice(0, 4)}${String(between(100_000, 999_999))}`,
          issued_on: issued, expires_on: c.expires, image: '', ...audit(ctx.nurseManagers.get(store.id) ?? ctx.adminId, earliest(addDays(issued, 3), today)),
        });
      }
    });
  }

  // The work: each nurse's jobs one after another, never two on one day.
  const jobs: Job[] = [];
  const horizon = addDays(today, 75);
  // 会所 and 医院陪护 work under an order (派工 takes a 已确认 or 已入住 one; drafts and orders awaiting
  // approval get none yet): most stays get the center nurse idle longest, for the stay; about half the
  // customers a hospital nurse for the days between delivery and arrival. A cancelled order took its
  // 派工 with it.
  for (const store of ctx.stores) {
    const center = nurses.filter((n) => n.storeId === store.id && n.form === 'center');
    const hospital = nurses.filter((n) => n.storeId === store.id && n.form === 'hospital');
    const freeFrom = new Map([...center, ...hospital].map((n) => [n.id, addDays(today, -370 - between(0, 20))]));
    const idlest = (pool: Nurse[], start: string, end: string, underWay: boolean) =>
      pool
        .filter((n) => freeFrom.get(n.id)! <= start && (!n.stop || end <= n.stop) && !(underWay && n.index % 3 !== 0))
        .sort((a, b) => freeFrom.get(a.id)!.localeCompare(freeFrom.get(b.id)!))[0];
    // Ties keep the orders' number order (a stable sort; ids are random: the demo would differ per database).
    const orders = ctx.orders.filter((o) => o.storeId === store.id).sort((a, b) => a.start.localeCompare(b.start));
    for (const order of orders) {
      const customer = ctx.customers.find((c) => c.id === order.customerId);
      if (!customer || order.start > horizon || order.status === 'draft' || order.status === 'pending_audit') continue;
      if (order.status === 'cancelled') {
        if (center.length && random() < 0.5) jobs.push({ nurse: pick(center).index, customer, orderId: order.id, form: 'center', start: order.start, end: order.end, cancelled: '订单取消，派工随之取消' });
        continue;
      }
      if (random() < 0.55) {
        const start = addDays(order.start, -between(3, 6));
        const nurse = idlest(hospital, start, order.start, false);
        if (nurse) {
          jobs.push({ nurse: nurse.index, customer, orderId: order.id, form: 'hospital', start, end: order.start });
          freeFrom.set(nurse.id, addDays(order.start, between(1, 4)));
        }
      }
      if (random() < 0.2) continue; // no 月嫂 booked with this stay
      // Stays under way today go to a third of the nurses: the others are free for what comes.
      const nurse = idlest(center, order.start, order.end, order.start <= today && today < order.end);
      if (!nurse) continue;
      jobs.push({ nurse: nurse.index, customer, orderId: order.id, form: 'center', start: order.start, end: order.end });
      freeFrom.set(nurse.id, addDays(order.end, between(1, 6)));
    }
  }
  // 到家: one job after another, without an order; the customer is one of the store's (without a stay
  // there, when there are enough) whose delivery fits.
  const used = new Map<string, Set<string>>();
  const lastEnd = new Map<string, string>();
  const withOrder = new Set(ctx.orders.map((o) => `${o.storeId}:${o.customerId}`));
  // Nurses of one store and practice type share its customers: the one whose last job ended first
  // takes the next.
  const cursors = new Map(nurses.filter((n) => n.form === 'home').map((n) => [n.index, addDays(today, -365 - between(0, 25))]));
  while (cursors.size) {
    const [index, cursor] = [...cursors].sort((a, b) => a[1].localeCompare(b[1]) || a[0] - b[0])[0]!;
    const nurse = nurses[index]!;
    const ofStore = ctx.customers.filter((c) => c.storeId === nurse.storeId && c.anchor);
    const homeOnly = ofStore.filter((c) => !withOrder.has(`${c.storeId}:${c.id}`));
    const customers = homeOnly.length >= 20 ? homeOnly : ofStore;
    const kind = `${nurse.storeId}:${nurse.practice}`;
    const taken = used.get(kind) ?? new Set<string>();
    used.set(kind, taken);
    const [gapLo, gapHi, days, offset] =
      nurse.practice === 'nanny' ? [3, 15, pick([52, 78, 90]), 30]
      : nurse.practice === 'lactation_consultant' ? [3, 10, between(3, 7), 7]
      : nurse.practice === 'infant_massage' ? [2, 8, between(7, 14), 20]
      : [2, 20, pick([26, 26, 26, 26, 42, 52]), 5];
    // Every third nurse is free from today for five weeks, every third after her has nothing booked
    // beyond the next days: free nurses for 档期 and matching.
    const blocked = (from: string) => nurse.index % 3 === 1 && from < addDays(today, 35) && addDays(from, days) > today;
    let start = addDays(cursor, between(gapLo, gapHi));
    if (blocked(start)) start = addDays(today, between(35, 50));
    // The customer: one not served yet whose delivery fits (the job waits for her up to 45 days), else
    // one served before who books again within months of her delivery.
    const ideal = (c: NurseDemoCustomer) => addDays(c.anchor!, offset);
    const fresh = customers
      .filter((c) => !taken.has(c.id))
      .map((c) => ({ c, d: daysBetween(start, ideal(c)) }))
      .filter((x) => x.d >= -15 && x.d <= 45 && !blocked(x.d > 0 ? addDays(start, x.d) : start))
      .sort((a, b) => Math.abs(a.d) - Math.abs(b.d))[0]; // ties: customer number order
    let customer: NurseDemoCustomer | undefined;
    if (fresh) {
      customer = fresh.c;
      if (fresh.d > 0) start = addDays(start, fresh.d);
    } else {
      customer = customers
        .filter((c) => (lastEnd.get(`${kind}:${c.id}`) ?? '') <= start)
        .map((c) => ({ c, d: daysBetween(ideal(c), start) }))
        .filter((x) => x.d >= 0 && x.d <= 150)
        .sort((a, b) => a.d - b.d)[0]?.c;
    }
    const end = addDays(start, days);
    if (!customers.length || start > (nurse.index % 3 === 2 ? addDays(today, 10) : horizon) || (nurse.stop && end > nurse.stop)) {
      cursors.delete(index);
      continue;
    }
    if (!customer) {
      cursors.set(index, addDays(cursor, 10));
      continue;
    }
    taken.add(customer.id);
    lastEnd.set(`${kind}:${customer.id}`, end);
    jobs.push({ nurse: nurse.index, customer, orderId: null, form: 'home', start, end });
    cursors.set(index, end);
  }

  // States by the calendar; every 23rd job not in service is cancelled (before it began).
  const store = new Map(ctx.stores.map((s) => [s.id, s]));
  const evaluations = new Map<number, number[]>();
  const onDuty = new Set<number>();
  const busy = new Map<number, { from: string; to: string }[]>();
  jobs.sort((a, b) => a.start.localeCompare(b.start) || a.nurse - b.nurse);
  let counter = 0;
  let settlementCounter = 0;
  for (const job of jobs) {
    const nurse = nurses[job.nurse]!;
    const storeId = nurse.storeId;
    const manager = ctx.managers.get(storeId) ?? ctx.adminId;
    const clerk = ctx.nurseManagers.get(storeId) ?? ctx.adminId;
    const inService = job.start <= today && today < job.end;
    counter++;
    const cancelled = job.cancelled ?? (!inService && counter % 23 === 0 ? pick(CANCEL_REASONS) : null);
    let status: string;
    if (cancelled) status = 'cancelled';
    else if (job.end <= today) status = 'completed';
    else if (inService) status = 'in_service';
    else if (job.start <= addDays(today, 14)) status = nurse.index % 5 === 0 ? 'pending_audit' : 'dispatched';
    else status = nurse.index % 3 === 0 ? 'dispatched' : 'pending_audit';
    const created = earliest(addDays(job.start, -between(7, 25)), today);
    const audited = status !== 'pending_audit' && !(status === 'cancelled' && counter % 2 === 0);
    const auditedOn = earliest(addDays(created, 1), today);
    let actualStart: string | null = null;
    let actualEnd: string | null = null;
    if (status === 'in_service' || status === 'completed') {
      const late = status === 'completed' && daysBetween(job.start, job.end) > 4 && random() < 0.1 ? 1 : 0;
      actualStart = addDays(job.start, late);
    }
    if (status === 'completed') {
      const early = daysBetween(actualStart!, job.end) > 5 && random() < 0.15 ? between(1, 2) : 0;
      actualEnd = addDays(job.end, -early);
    }
    const id = randomUUID();
    const rateCents = nurse.daily * 100;
    const s = store.get(storeId)!;
    const address = job.form === 'center' ? `${s.name}（会所内）` : job.form === 'hospital' ? job.customer.hospital || '深圳市妇幼保健院' : job.customer.address || '深圳市南山区';
    const closedOn = actualEnd ?? (cancelled ? earliest(addDays(job.start, -between(1, 5)), today) : created);
    out.assignments.push({
      id, company_id: ctx.companyId, assignment_no: number(NumberRuleCode.nurseAssignment, 'PG', created), nurse_id: nurse.id, order_id: job.orderId,
      customer_id: job.customer.id, store_id: storeId, service_form: job.form, address, start_date: job.start, end_date: job.end, daily_rate: money(rateCents),
      actual_start: actualStart, actual_end: actualEnd, status, replaces_id: null,
      // 四眼原则: the clerk's 派工 is audited by the 店长 (someone else in any case).
      audited_by: audited ? someoneElse(clerk, manager, ctx.adminId) : null, audited_at: audited ? at(auditedOn, 15) : null, cancel_reason: cancelled,
      remark: job.form === 'hospital' ? '产后医院陪护' : job.form === 'home' && nurse.practice === 'confinement_nurse' ? '住家月嫂' : '',
      ...audit(clerk, created), updated_at: at(earliest(closedOn > created ? closedOn : created, today), 17),
    });
    if (status === 'cancelled') continue;
    if (status === 'in_service') onDuty.add(nurse.index);
    busy.set(nurse.index, [...(busy.get(nurse.index) ?? []), { from: actualStart ?? job.start, to: actualEnd ?? job.end }]);
    if (status !== 'completed') continue;

    // The evaluation, a day or a few after 下户 (most of them; none yet for the last day's).
    let overall: number | null = null;
    if (actualEnd! < today && random() < 0.88) {
      overall = random() < 0.03 ? 2 : clamp(Math.round(nurse.quality + (random() - 0.5) * 1.6), 1, 5);
      const aspect = () => clamp(overall! + pick([-1, 0, 0, 0, 1]), 1, 5);
      const evaluatedOn = earliest(addDays(actualEnd!, between(1, 4)), today);
      out.evaluations.push({
        id: randomUUID(), company_id: ctx.companyId, assignment_id: id, nurse_id: nurse.id, customer_id: job.customer.id, store_id: storeId, overall,
        aspects: JSON.stringify({ skill: aspect(), attitude: aspect(), hygiene: aspect(), communication: aspect() }),
        comment: pick(COMMENTS[overall]!), evaluated_at: at(evaluatedOn, 16), ...audit(clerk, evaluatedOn, 16),
      });
      evaluations.set(nurse.index, [...(evaluations.get(nurse.index) ?? []), overall]);
    }

    // The settlement, generated about a week after 下户 (the last week's wait for 生成结算): 已审核 once
    // finance got to it, 待审核 recent ones.
    if (actualEnd! > addDays(today, -6)) continue;
    const days = daysBetween(actualStart!, actualEnd!);
    const items: { kind: 'bonus' | 'deduction'; name: string; amount: string }[] = [];
    if (overall === 5 && random() < 0.4) items.push({ kind: 'bonus', name: '客户好评奖励', amount: '200.00' });
    if (random() < 0.12) items.push({ kind: 'bonus', name: '节假日补贴', amount: money(rateCents * between(1, 3)) });
    if (overall !== null && overall <= 3) items.push({ kind: 'deduction', name: '客户投诉扣款', amount: '300.00' });
    if (random() < 0.05) items.push({ kind: 'deduction', name: '请假扣款', amount: money(rateCents) });
    const sum = (kind: string) => items.filter((i) => i.kind === kind).reduce((t, i) => t + Math.round(Number(i.amount) * 100), 0);
    const baseCents = days * rateCents;
    // A total is never negative: deductions that would take it below zero are left out.
    if (sum('deduction') > baseCents + sum('bonus')) items.splice(0, items.length, ...items.filter((i) => i.kind === 'bonus'));
    const bonus = sum('bonus');
    const deduction = sum('deduction');
    const settledOn = earliest(addDays(actualEnd!, between(1, 3)), today);
    settlementCounter++;
    const settle = (on: string, status: 'pending_audit' | 'audited' | 'rejected') => {
      const decidedOn = earliest(addDays(on, between(1, 4)), today);
      out.settlements.push({
        id: randomUUID(), company_id: ctx.companyId, settlement_no: number(NumberRuleCode.nurseSettlement, 'JS', on), assignment_id: id, nurse_id: nurse.id, store_id: storeId,
        days, daily_rate: money(rateCents), base_amount: money(baseCents), bonus: money(bonus), deduction: money(deduction), total: money(baseCents + bonus - deduction),
        items: JSON.stringify(items), status,
        audited_by: status === 'pending_audit' ? null : someoneElse(clerk, ctx.financeId, ctx.adminId), audited_at: status === 'pending_audit' ? null : at(decidedOn, 11),
        reject_reason: status === 'rejected' ? '扣款项目需补充说明，请核对后重新提交' : null, remark: '',
        ...audit(clerk, on, 14), updated_at: at(status === 'pending_audit' ? on : decidedOn, status === 'pending_audit' ? 14 : 11),
      });
    };
    const recent = settledOn > addDays(today, -20);
    if (!recent && settlementCounter % 47 === 0) {
      settle(settledOn, 'rejected');
      const again = earliest(addDays(settledOn, 5), today);
      settle(again, again > addDays(today, -8) ? 'pending_audit' : 'audited');
    } else {
      settle(settledOn, recent ? 'pending_audit' : 'audited');
    }
  }

  // A few leaves in the gaps between jobs (inclusive end, before the next job begins), and the resting
  // nurses' leave covering today.
  for (const nurse of nurses) {
    const clerk = ctx.nurseManagers.get(nurse.storeId) ?? ctx.adminId;
    if (nurse.status === 'resting') {
      const from = addDays(nurse.stop!, 3);
      out.leaves.push({ id: randomUUID(), company_id: ctx.companyId, nurse_id: nurse.id, start_date: from, end_date: addDays(today, 20), reason: '回老家休息', source: 'staff', ...audit(clerk, from) });
      continue;
    }
    if (nurse.index % 5 !== 2 || nurse.status === 'left') continue;
    const periods = (busy.get(nurse.index) ?? []).sort((a, b) => a.from.localeCompare(b.from));
    const gaps = periods.slice(1).map((p, i) => ({ from: periods[i]!.to, to: p.from })).filter((g) => daysBetween(g.from, g.to) >= 4);
    for (const gap of [gaps.find((g) => g.to <= today), gaps.find((g) => g.from > today)]) {
      if (!gap) continue;
      const start = addDays(gap.from, 1);
      const end = addDays(start, Math.min(2, daysBetween(start, gap.to) - 2));
      const link = nurse.index % 10 === 7 && gap.from > today;
      out.leaves.push({
        id: randomUUID(), company_id: ctx.companyId, nurse_id: nurse.id, start_date: start, end_date: end, reason: pick(LEAVE_REASONS), source: link ? 'link' : 'staff',
        ...audit(clerk, earliest(addDays(start, -7), today)), ...(link ? { created_by: null, updated_by: null } : {}),
      });
    }
  }

  // Statuses and ratings follow the assignments and evaluations.
  for (const row of out.nurses) {
    const nurse = nurses.find((n) => n.id === row.id)!;
    if (onDuty.has(nurse.index)) row.status = 'on_duty';
    const scores = evaluations.get(nurse.index) ?? [];
    const total = scores.reduce((a, b) => a + b, 0);
    row.rating = scores.length ? (Math.round((total * 100) / scores.length) / 100).toFixed(2) : null;
    row.rating_count = scores.length;
  }
  // 月嫂编号: the 40 issued; the counter stands at the last.
  for (const row of out.nurses) out.numbers.push({ rule: NumberRuleCode.nurse, number: row.nurse_no as string });
  out.counters.set(`${NumberRuleCode.nurse}:all`, Math.max(out.counters.get(`${NumberRuleCode.nurse}:all`) ?? 0, out.nurses.length));
  return out;
}

/** Reads the demo company's stores, staff, customers and orders, then writes the nurses and their year of work. */
export async function insertDemoNurses(trx: Transaction<DB>, companyId: string, now = new Date()): Promise<Record<string, number>> {
  const today = shanghaiDate(now);
  const admin = await trx.selectFrom('user_company as uc').innerJoin('app_user as u', 'u.id', 'uc.user_id').select('u.id').where('uc.company_id', '=', companyId).where('u.username', '=', 'admin').executeTakeFirst();
  const byRole = async (role: string) =>
    sql<{ user_id: string; store_id: string | null }>`
      select ug.user_id, (select us.store_id from user_store us where us.user_id = ug.user_id order by us.store_id limit 1) as store_id
        from user_security_group ug join security_group g on g.id = ug.group_id
       where g.company_id = ${companyId} and g.name = ${role} order by ug.user_id`.execute(trx).then((r) => r.rows);
  const byStore = (rows: { user_id: string; store_id: string | null }[]) => new Map(rows.filter((m) => m.store_id).map((m) => [m.store_id!, m.user_id]));
  const managers = await byRole('店长');
  const nurseManagers = await byRole('月嫂管理');
  const finance = (await byRole('财务'))[0];
  const adminId = admin?.id ?? managers[0]?.user_id;
  if (!adminId) return {};
  const stores = await trx.selectFrom('store').select(['id', 'code', 'name', 'address']).where('company_id', '=', companyId).where('code', 'in', ['NS', 'FT']).orderBy('sort').execute();
  if (!stores.length) return {};
  const customers = (
    await trx.selectFrom('customer').select(['id', 'store_id', 'address', 'delivery_hospital', 'delivery_date', 'due_date']).where('company_id', '=', companyId).orderBy('customer_no').execute()
  ).map((c) => ({ id: c.id, storeId: c.store_id, address: c.address, hospital: c.delivery_hospital, anchor: c.delivery_date ?? c.due_date }));
  const orders = (
    await trx
      .selectFrom('sales_order')
      .select(['id', 'customer_id', 'store_id', 'planned_check_in', 'planned_check_out', 'status'])
      .where('company_id', '=', companyId)
      .where('planned_check_in', 'is not', null)
      .where('planned_check_out', 'is not', null)
      .orderBy('order_no')
      .execute()
  ).map((o) => ({ id: o.id, customerId: o.customer_id, storeId: o.store_id, start: o.planned_check_in!, end: o.planned_check_out!, status: o.status }));
  const counterRows = await trx.selectFrom('number_rule_counter').select(['rule_code', 'period', 'value']).execute();

  const data = buildDemoNurses({
    companyId, today, adminId, financeId: finance?.user_id ?? adminId, managers: byStore(managers), nurseManagers: byStore(nurseManagers),
    stores, customers, orders, counters: new Map(counterRows.map((r) => [`${r.rule_code}:${r.period}`, Number(r.value)])),
  });

  const insert = async (table: keyof DB, rows: Row[]) => {
    for (let i = 0; i < rows.length; i += 400) await trx.insertInto(table).values(rows.slice(i, i + 400) as never).execute();
  };
  await insert('nurse_pay_standard', data.standards);
  await insert('monthly_nurse', data.nurses);
  await insert('nurse_certificate', data.certificates);
  await insert('nurse_leave', data.leaves);
  // Oldest first: the no-overlap trigger checks each row against those already in.
  await insert('nurse_assignment', data.assignments);
  await insert('nurse_evaluation', data.evaluations);
  await insert('nurse_settlement', data.settlements);
  await sql`insert into number_rule_issued (rule_code, number) select * from unnest(${data.numbers.map((n) => n.rule)}::text[], ${data.numbers.map((n) => n.number)}::text[]) on conflict do nothing`.execute(trx);
  const counters = [...data.counters].map(([key, value]) => ({ rule: key.slice(0, key.indexOf(':')), period: key.slice(key.indexOf(':') + 1), value }));
  await sql`
    insert into number_rule_counter (rule_code, period, value)
    select * from unnest(${counters.map((c) => c.rule)}::text[], ${counters.map((c) => c.period)}::text[], ${counters.map((c) => c.value)}::bigint[])
    on conflict (rule_code, period) do update set value = greatest(number_rule_counter.value, excluded.value)`.execute(trx);
  return {
    standards: data.standards.length, nurses: data.nurses.length, assignments: data.assignments.length,
    evaluations: data.evaluations.length, settlements: data.settlements.length, leaves: data.leaves.length,
  };
}

const LOCK_KEY = 7_202_670;
const SEED_KEY = 'demo:nurse';
const AFTER = ['demo:trade'];

/** With the demo CRM records (DEMO_CRM_DATA=on), once, after the demo transactions. */
export async function seedDemoNursesIfEmpty(db: Kysely<DB>, config: AppConfig): Promise<Record<string, number> | null> {
  if (!config.demoCrmData) return null;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return null;
    const done = await trx.selectFrom('seed_record').select('key').where('key', 'in', [SEED_KEY, ...AFTER]).execute();
    if (done.some((d) => d.key === SEED_KEY) || done.length < AFTER.length) return null;
    // An administrator who entered nurses before keeps hers alone.
    const existing = await trx.selectFrom('monthly_nurse').select('id').where('company_id', '=', company.id).limit(1).executeTakeFirst();
    const inserted = existing ? {} : await insertDemoNurses(trx, company.id);
    await trx.insertInto('seed_record').values({ key: SEED_KEY }).execute();
    return inserted;
  });
}
