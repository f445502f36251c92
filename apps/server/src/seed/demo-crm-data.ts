import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { NumberRuleCode } from '@care/shared';
import type { AppConfig } from '../platform/config.js';
import type { DB } from '../platform/db/schema.js';
import { DEMO_COMPANY_CODE } from './demo-roles.js';

/**
 * A year of demo CRM records for the demo company: lead channels, partner channels, ~1,200 leads with
 * their follow-ups, ~400 customers converted from them (babies for those delivered) and ~600 visits.
 * Content comes from a fixed-seed PRNG; dates are relative to `now`, so the data always looks current.
 * Everything is inserted with a handful of `INSERT … SELECT FROM unnest(...)` statements (fast on PGlite).
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SHANGHAI_OFFSET = 8 * HOUR;
const SEED = 20_240_601;
const LEAD_COUNT = 1_200;

/** The consultants who own demo leads, by store code (seed/demo-roles.ts, seed/demo-crm.ts). */
export const demoConsultants: Record<string, string[]> = {
  NS: ['nanshan.sales1', 'nanshan.sales2'],
  FT: ['futian.sales1', 'futian.sales2'],
};

export const demoLeadChannels = [
  { code: 'MEITUAN', name: '美团/大众点评', type: 'online', cost: '8000.00', weight: 22 },
  { code: 'REDNOTE', name: '小红书种草', type: 'online', cost: '6000.00', weight: 18 },
  { code: 'WEBSITE', name: '官网在线咨询', type: 'online', cost: '1500.00', weight: 12 },
  { code: 'CLASS', name: '医院孕妇课堂', type: 'offline', cost: '5000.00', weight: 16 },
  { code: 'REFERRAL', name: '老客户转介绍', type: 'referral', cost: '0.00', weight: 18 },
  { code: 'WALKIN', name: '自然到店', type: 'offline', cost: '0.00', weight: 8 },
  { code: 'STAFF', name: '员工推荐', type: 'internal', cost: '0.00', weight: 6 },
];

export const demoPartnerChannels = [
  { name: '南山区妇幼保健院', kind: 'hospital', contact: '产科 周护士长', phone: '0755-26001120', rate: '5.00' },
  { name: '福田区妇幼保健院', kind: 'hospital', contact: '产科 许主任', phone: '0755-83002210', rate: '5.00' },
  { name: '孕安产检中心', kind: 'prenatal_clinic', contact: '前台 梁小姐', phone: '0755-86105566', rate: '4.00' },
  { name: '爱婴坊母婴店', kind: 'baby_store', contact: '店长 覃先生', phone: '0755-83307788', rate: '3.00' },
];

// Common surnames and given names of women of child-bearing age. Tests create records with their own
// names (e.g. 周雨桐, 郑可欣); the given names here avoid theirs so a search in a test finds only its own.
const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦傅方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'];
const GIVEN_NAMES = [
  '梓涵', '诗涵', '若汐', '语嫣', '子萱', '雅琴', '淑华', '慧敏', '婉清', '晓彤', '梦瑶', '嘉琪', '海燕', '丽华', '美玲', '秋菊', '月华', '彩霞',
  '翠萍', '玉婷', '文君', '思彤', '紫涵', '安琪', '书萍', '雅楠', '凤仪', '颖慧', '晨曦', '羽彤', '沛珊', '韵诗', '碧云', '素琴', '艳萍', '倩文',
  '嘉怡', '宛如', '雪莹', '冰洁', '婧琪', '卓妍', '希文', '乐瑶', '思颖', '秀珍', '宁馨', '凌薇', '晓岚', '芷若', '咏琪', '雯雯', '蕾', '璐',
  '娜', '琳', '萱', '菲', '莉', '瑾',
];
// 15x and 18x mobile prefixes: the API and browser tests use 13x, 17x and 199x numbers.
const PHONE_PREFIXES = ['150', '151', '152', '157', '158', '159', '182', '183', '186', '187', '188', '189'];
const ID_REGIONS = ['440305', '440304', '440303', '440306', '430102', '360102', '450103', '441302', '350203', '420106'];
const HOMETOWNS = ['广东深圳', '广东广州', '广东潮州', '广东梅州', '湖南长沙', '湖南衡阳', '江西南昌', '广西南宁', '湖北武汉', '福建厦门', '四川成都'];
const DISTRICTS = [
  '南山区科技园 学府路', '南山区蛇口 海上世界', '南山区前海 梦海大道', '南山区西丽 留仙大道', '福田区车公庙 深南大道', '福田区香蜜湖 农林路',
  '福田区梅林 梅华路', '罗湖区 东门中路', '宝安区 新安街道', '龙华区 民治大道',
];
const HOSPITALS = ['深圳市妇幼保健院', '北京大学深圳医院', '香港大学深圳医院', '南山区妇幼保健院', '福田区妇幼保健院', '深圳市人民医院'];
const LEAD_REMARKS = ['', '', '', '老公陪同咨询', '关注月子餐', '二胎，头胎在别家做的月子', '关注价格优惠', '想要南向房间', '婆婆也会一起参观', '对产后修复感兴趣'];
const LOST_REASONS = ['已选择其他月子中心', '预算不足，选择居家坐月子', '家人不同意入住会所', '离家太远', '价格超出预期', '已请月嫂到家服务'];
const INVALID_REASONS = ['空号', '重复咨询', '同行咨询', '非目标客户（已生产两年）', '电话多次无人接听'];
const CANCEL_REASONS = ['客户临时有事', '产检时间冲突', '身体不适改期', '家属时间不方便'];

interface FollowUpTemplate {
  type: string;
  way: string;
  content: string;
}

const LEAD_FOLLOW_UPS: FollowUpTemplate[] = [
  { type: 'consult', way: 'phone', content: '首次电话沟通，客户咨询28天套餐价格和房型，已发送价格表' },
  { type: 'consult', way: 'wechat', content: '添加微信，发送会所环境视频和月子餐菜单，客户表示会和家人商量' },
  { type: 'sales', way: 'phone', content: '电话回访，客户在对比两家会所，重点介绍了我们的护理团队和一对一护士配置' },
  { type: 'sales', way: 'wechat', content: '微信推送本月优惠活动，客户对提前预订立减感兴趣' },
  { type: 'sales', way: 'phone', content: '客户关心新生儿黄疸护理和游泳抚触，已详细解答并邀约到店参观' },
  { type: 'revisit', way: 'wechat', content: '产检后回访，宝宝发育正常，客户预算在3-5万之间' },
  { type: 'sales', way: 'face_to_face', content: '在医院孕妇课堂面谈，客户对产后修复项目很有兴趣' },
  { type: 'consult', way: 'phone', content: '客户询问家属陪住和探视安排，已说明规定，客户比较满意' },
  { type: 'revisit', way: 'phone', content: '电话联系未接通，稍后微信留言' },
  { type: 'sales', way: 'wechat', content: '发送老客户好评截图和营养师介绍，客户回复下周有空' },
];
const VISIT_FOLLOW_UP: FollowUpTemplate = { type: 'sales', way: 'in_store', content: '客户与家人到店参观，看了南向套房和月子餐，签约意向明确' };
const CONVERT_FOLLOW_UP: FollowUpTemplate = { type: 'sales', way: 'face_to_face', content: '确认入住意向，转为客户，后续跟进合同和房间' };
const LOST_FOLLOW_UP: FollowUpTemplate = { type: 'revisit', way: 'phone', content: '回访得知客户已有其他安排，暂不考虑' };
const INVALID_FOLLOW_UP: FollowUpTemplate = { type: 'consult', way: 'phone', content: '多次联系核实，线索信息无效' };
const CUSTOMER_FOLLOW_UPS: FollowUpTemplate[] = [
  { type: 'revisit', way: 'phone', content: '回访客户孕期情况，提醒按时产检，预留房间已确认' },
  { type: 'revisit', way: 'wechat', content: '发送待产包清单和入住须知' },
  { type: 'visit', way: 'in_store', content: '客户带家人再次到店，确认房型和入住时间' },
  { type: 'revisit', way: 'phone', content: '产后回访，妈妈和宝宝状况良好，对护理服务满意' },
  { type: 'consult', way: 'wechat', content: '客户咨询产后修复疗程和续住价格' },
];

/** mulberry32: small, fast and good enough for demo data; the same seed gives the same data. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Wall-clock date (YYYY-MM-DD) of an instant in Asia/Shanghai (no DST there). */
const shanghaiDate = (ms: number) => new Date(ms + SHANGHAI_OFFSET).toISOString().slice(0, 10);
const startOfShanghaiDay = (ms: number) => Math.floor((ms + SHANGHAI_OFFSET) / DAY) * DAY - SHANGHAI_OFFSET;

/** A valid 18-digit 居民身份证 number (region, birth date, sequence with an even gender digit, check digit). */
export function demoIdNumber(region: string, birth: string, sequence: number): string {
  const body = `${region}${birth.replaceAll('-', '')}${String(sequence).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

type LeadStatus = 'pending' | 'following' | 'visit_booked' | 'converted' | 'lost' | 'invalid';

export interface DemoLead {
  id: string;
  leadNo: string;
  name: string;
  phone: string;
  wechat: string;
  leadChannelId: string;
  channelId: string | null;
  referrer: string;
  dueDate: string;
  gestationWeeks: number;
  parity: number;
  storeId: string;
  budget: string | null;
  grade: string | null;
  ownerId: string | null;
  status: LeadStatus;
  closeReason: string | null;
  closedAt: number | null;
  assignedAt: number | null;
  releasedAt: number | null;
  nextFollowAt: number | null;
  lastFollowAt: number | null;
  customerId: string | null;
  remark: string;
  createdBy: string | null;
  createdAt: number;
}

export interface DemoCustomer {
  id: string;
  customerNo: string;
  lead: DemoLead;
  idNo: string | null;
  birthDate: string;
  hometown: string;
  address: string;
  deliveryDate: string | null;
  deliveryMode: string | null;
  deliveryHospital: string;
  fetusType: string;
  level: string;
  tags: string[];
  status: 'intention' | 'lost';
  lastFollowAt: number | null;
  nextFollowAt: number | null;
  createdAt: number;
}

export interface DemoFollowUp {
  leadId: string | null;
  customerId: string | null;
  template: FollowUpTemplate;
  nextFollowAt: number | null;
  by: string | null;
  at: number;
}

export interface DemoBaby {
  customerId: string;
  name: string;
  gender: string;
  birthAt: number;
  gestationWeeks: number;
  weight: number;
  length: string;
  bloodType: string;
  by: string | null;
}

export interface DemoVisit {
  reservationNo: string;
  status: 'pending' | 'arrived' | 'no_show' | 'cancelled';
  leadId: string | null;
  customerId: string | null;
  storeId: string;
  at: number;
  visitors: number;
  receptionistId: string | null;
  ownerId: string | null;
  remark: string;
  closedAt: number | null;
  cancelReason: string | null;
  createdAt: number;
}

export interface DemoCrmContext {
  now: number;
  /** Store id by code (NS, FT). */
  stores: Record<string, string>;
  /** User id by username (the consultants of `demoConsultants` and 客服 hq.service). */
  users: Record<string, string>;
  leadChannels: string[];
  partnerChannels: string[];
  /** Phones already used by leads or customers of the company: never drawn. */
  takenPhones: Set<string>;
  /** Counter values already issued per `<rule>:<YYYYMMDD>`; seeded numbers continue after them. */
  counters: Map<string, number>;
}

export interface DemoCrmData {
  leads: DemoLead[];
  customers: DemoCustomer[];
  followUps: DemoFollowUp[];
  babies: DemoBaby[];
  visits: DemoVisit[];
  /** The last counter value used per rule and day (`<rule>:<YYYYMMDD>`). */
  counters: Map<string, number>;
  numbers: { rule: string; number: string }[];
}

/** Builds the demo records in memory (pure: the same context gives the same content, ids aside). */
export function buildDemoCrmData(ctx: DemoCrmContext): DemoCrmData {
  const random = prng(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (from: number, to: number) => from + random() * (to - from);
  const chance = (p: number) => random() < p;
  const weighted = <T extends { weight: number }>(items: T[]): number => {
    let roll = random() * items.reduce((sum, item) => sum + item.weight, 0);
    return Math.max(0, items.findIndex((item) => (roll -= item.weight) < 0));
  };
  const { now } = ctx;
  const today = startOfShanghaiDay(now);
  // Opening hours for visits and most follow-ups: 09:30–20:00 Shanghai time.
  const workingTime = (ms: number) => {
    const day = startOfShanghaiDay(ms);
    const offset = Math.min(Math.max(ms - day, 9.5 * HOUR), 20 * HOUR);
    return Math.min(day + offset, ms < now ? now : Number.MAX_SAFE_INTEGER);
  };
  const visitTime = (dayMs: number) => startOfShanghaiDay(dayMs) + (10 + Math.floor(random() * 14) / 2) * HOUR;

  const counters = new Map(ctx.counters);
  const numbers: DemoCrmData['numbers'] = [];
  const nextNumber = (rule: string, prefix: string, at: number) => {
    const day = shanghaiDate(at).replaceAll('-', '');
    const key = `${rule}:${day}`;
    const value = (counters.get(key) ?? 0) + 1;
    counters.set(key, value);
    const number = `${prefix}${day}${String(value).padStart(4, '0')}`;
    numbers.push({ rule, number });
    return number;
  };

  const phones = new Set(ctx.takenPhones);
  const newPhone = () => {
    for (;;) {
      const phone = `${pick(PHONE_PREFIXES)}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
      if (!phones.has(phone)) {
        phones.add(phone);
        return phone;
      }
    }
  };

  const storeCodes = Object.keys(demoConsultants).filter((code) => ctx.stores[code]);
  const consultantsOf = (code: string) => demoConsultants[code]!.map((u) => ctx.users[u]).filter((id): id is string => Boolean(id));
  const service = ctx.users['hq.service'] ?? null;

  // Creation times over the past year, a little denser in recent months; the newest are today.
  const times = Array.from({ length: LEAD_COUNT }, (_, i) => {
    if (i < 3) return today + ((i + 1) / 4) * (now - today);
    return now - Math.pow(random(), 1.15) * 365 * DAY;
  }).sort((a, b) => a - b);

  const leads: DemoLead[] = [];
  const customers: DemoCustomer[] = [];
  const followUps: DemoFollowUp[] = [];
  const babies: DemoBaby[] = [];
  const visits: DemoVisit[] = [];
  // Number rules draw in time order per day: build every record first, number them afterwards.
  const numbered: { at: number; assign: () => void }[] = [];

  for (const createdAt of times) {
    const storeCode = storeCodes[random() < 0.55 ? 0 : storeCodes.length - 1]!;
    const consultants = consultantsOf(storeCode);
    const channelIndex = weighted(demoLeadChannels);
    const channel = demoLeadChannels[channelIndex]!;
    const gestationWeeks = 8 + Math.floor(random() * 27);
    const dueMs = createdAt + (40 - gestationWeeks) * 7 * DAY + between(-5, 5) * DAY;
    const delivered = dueMs + 14 * DAY < now;
    const ageDays = (now - createdAt) / DAY;
    const name = `${pick(SURNAMES)}${pick(GIVEN_NAMES)}`;

    let status: LeadStatus;
    const roll = random();
    if (delivered) status = roll < 0.47 ? 'converted' : roll < 0.84 ? 'lost' : 'invalid';
    else if (roll < 0.22) status = 'converted';
    else if (roll < 0.32) status = 'lost';
    else if (roll < 0.36) status = 'invalid';
    else if (roll < 0.5) status = 'visit_booked';
    else status = ageDays < 6 && chance(0.7) ? 'pending' : 'following';
    // Today's leads have had no time to move yet.
    if (ageDays < 1) status = 'pending';
    if (!consultants.length && status !== 'pending' && status !== 'following') status = 'following';
    const open = status === 'pending' || status === 'following' || status === 'visit_booked';
    const inPool = !consultants.length || (open && status !== 'visit_booked' && chance(0.12));
    const ownerId = inPool ? null : pick(consultants);

    const lead: DemoLead = {
      id: randomUUID(),
      leadNo: '',
      name,
      phone: newPhone(),
      wechat: chance(0.6) ? `wx_${Math.floor(random() * 1e8).toString(36)}` : '',
      leadChannelId: ctx.leadChannels[channelIndex]!,
      channelId: channel.code === 'CLASS' && ctx.partnerChannels.length ? pick(ctx.partnerChannels) : null,
      referrer: channel.code === 'REFERRAL' ? `${pick(SURNAMES)}女士（老客户）` : '',
      dueDate: shanghaiDate(dueMs),
      gestationWeeks,
      parity: chance(0.7) ? 1 : 2,
      storeId: ctx.stores[storeCode]!,
      budget: chance(0.7) ? `${(3 + Math.floor(random() * 16)) * 5000}.00` : null,
      grade: chance(0.85) ? pick(['A', 'B', 'B', 'C', 'C', 'C', 'D', 'E']) : null,
      ownerId,
      status,
      closeReason: status === 'lost' ? pick(LOST_REASONS) : status === 'invalid' ? pick(INVALID_REASONS) : null,
      closedAt: null,
      assignedAt: ownerId ? createdAt + between(0, 2) * HOUR : null,
      releasedAt: null,
      nextFollowAt: null,
      lastFollowAt: null,
      customerId: null,
      remark: pick(LEAD_REMARKS),
      createdBy: inPool || channel.code === 'WEBSITE' ? service : ownerId,
      createdAt,
    };
    if (lead.assignedAt && lead.assignedAt > now) lead.assignedAt = now;
    leads.push(lead);
    numbered.push({ at: createdAt, assign: () => (lead.leadNo = nextNumber(NumberRuleCode.lead, 'XS', createdAt)) });

    // The follow-up history ends at the close (closed leads) or within the idle window (open ones,
    // so the pool job leaves them with their owner).
    const end = open
      ? Math.max(createdAt + HOUR, now - Math.min(ageDays * 0.5, between(0, 20)) * DAY)
      : Math.min(now - HOUR, createdAt + between(0.3, 0.9) * Math.max(1, Math.min(dueMs, now) - createdAt));
    const count = status === 'pending' ? 0 : status === 'invalid' ? 1 + Math.floor(random() * 2) : 2 + Math.floor(random() * 5);
    const at = Array.from({ length: count }, (_, i) => (i === count - 1 ? end : createdAt + HOUR + random() * (end - createdAt - HOUR))).sort((a, b) => a - b);
    const by = ownerId ?? pick(consultants.length ? consultants : [service]);
    at.forEach((time, i) => {
      const last = i === count - 1;
      let template = pick(LEAD_FOLLOW_UPS);
      if (last && status === 'converted') template = CONVERT_FOLLOW_UP;
      else if (last && status === 'lost') template = LOST_FOLLOW_UP;
      else if (last && status === 'invalid') template = INVALID_FOLLOW_UP;
      else if (i === count - 2 && status === 'converted') template = VISIT_FOLLOW_UP;
      const next = last ? (open ? time + between(1, 10) * DAY : null) : at[i + 1]!;
      followUps.push({ leadId: lead.id, customerId: null, template, nextFollowAt: next === null ? null : workingTime(next), by, at: time });
    });
    if (count) {
      lead.lastFollowAt = at[count - 1]!;
      lead.nextFollowAt = followUps[followUps.length - 1]!.nextFollowAt;
    }
    if (!open) lead.closedAt = end;
    if (inPool && count) lead.releasedAt = Math.min(now, end + between(0, 5) * DAY);
    else if (inPool) lead.releasedAt = createdAt;

    // Visits: converted leads visited before converting; booked ones have one coming; some others
    // did not turn up or cancelled.
    const receptionist = ownerId;
    if (status === 'converted' && chance(0.93)) {
      const visitAt = Math.max(createdAt + HOUR, visitTime(end - between(0.5, 4) * DAY));
      const booked = Math.max(createdAt, visitAt - between(1, 6) * DAY);
      visits.push(visit({ status: 'arrived', leadId: lead.id, storeId: lead.storeId, at: Math.min(visitAt, end), ownerId, receptionistId: receptionist, closedAt: Math.min(visitAt + HOUR, end), createdAt: booked }));
    } else if (status === 'visit_booked') {
      const booked = lead.lastFollowAt ?? createdAt;
      visits.push(visit({ status: 'pending', leadId: lead.id, storeId: lead.storeId, at: visitTime(today + between(1, 15) * DAY), ownerId, receptionistId: receptionist, closedAt: null, createdAt: booked }));
    } else if ((status === 'lost' && chance(0.3)) || (status === 'following' && ownerId && chance(0.2))) {
      const visitAt = visitTime(createdAt + random() * (end - createdAt));
      if (visitAt < now - DAY && visitAt > createdAt) {
        const kind = status === 'lost' && chance(0.35) ? 'arrived' : chance(0.55) ? 'no_show' : 'cancelled';
        const booked = Math.max(createdAt, visitAt - between(1, 5) * DAY);
        visits.push(
          visit({
            status: kind,
            leadId: lead.id,
            storeId: lead.storeId,
            at: visitAt,
            ownerId,
            receptionistId: receptionist,
            closedAt: kind === 'cancelled' ? booked + between(0.2, 0.9) * (visitAt - booked) : visitAt + 2 * HOUR,
            cancelReason: kind === 'cancelled' ? pick(CANCEL_REASONS) : null,
            createdAt: booked,
          }),
        );
      }
    }

    if (status === 'converted') customers.push(convert(lead, dueMs, delivered));
  }

  function visit(v: Omit<DemoVisit, 'reservationNo' | 'visitors' | 'remark' | 'cancelReason' | 'customerId'> & { cancelReason?: string | null; customerId?: string }): DemoVisit {
    const row: DemoVisit = {
      ...v,
      customerId: v.customerId ?? null,
      reservationNo: '',
      visitors: 1 + Math.floor(random() * 3),
      remark: chance(0.2) ? '老公和妈妈一起来' : '',
      cancelReason: v.cancelReason ?? null,
    };
    numbered.push({ at: row.createdAt, assign: () => (row.reservationNo = nextNumber(NumberRuleCode.reservation, 'YY', row.createdAt)) });
    return row;
  }

  function convert(lead: DemoLead, dueMs: number, delivered: boolean): DemoCustomer {
    const createdAt = lead.closedAt!;
    const age = 24 + Math.floor(random() * 16);
    const birthDate = `${new Date(now).getUTCFullYear() - age}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    const twins = chance(0.04);
    const deliveredAt = dueMs < now ? Math.max(createdAt + HOUR, Math.min(now - DAY, dueMs + between(-12, 6) * DAY)) : null;
    const customer: DemoCustomer = {
      id: randomUUID(),
      customerNo: '',
      lead,
      idNo: chance(0.75) ? demoIdNumber(pick(ID_REGIONS), birthDate, 2 * Math.floor(random() * 499) + 2) : null,
      birthDate,
      hometown: pick(HOMETOWNS),
      address: `深圳市${pick(DISTRICTS)}${1 + Math.floor(random() * 300)}号`,
      deliveryDate: deliveredAt === null ? null : shanghaiDate(deliveredAt),
      deliveryMode: deliveredAt === null ? null : chance(0.62) ? 'natural' : 'caesarean',
      deliveryHospital: deliveredAt === null ? '' : pick(HOSPITALS),
      fetusType: twins ? 'twins' : 'single',
      level: chance(0.15) ? 'svip' : chance(0.3) ? 'vip' : 'normal',
      tags: [
        ...(lead.parity > 1 ? ['second_child'] : []),
        ...(age >= 35 ? ['advanced_age'] : []),
        ...(twins ? ['twins'] : []),
        ...(lead.referrer ? ['referral'] : []),
        ...(chance(0.08) ? ['special_diet'] : []),
      ],
      status: delivered && chance(0.25) ? 'lost' : 'intention',
      lastFollowAt: lead.lastFollowAt,
      nextFollowAt: null,
      createdAt,
    };
    lead.customerId = customer.id;
    numbered.push({ at: createdAt, assign: () => (customer.customerNo = nextNumber(NumberRuleCode.customer, 'KH', createdAt)) });

    // A few customer follow-ups after the conversion; open customers get a next one (some overdue).
    const count = Math.floor(random() * 4);
    let last = createdAt;
    const mine: DemoFollowUp[] = [];
    for (let i = 0; i < count; i++) {
      const at = last + between(0.1, 1) * Math.max(HOUR, (now - last) / (count - i + 1));
      if (at >= now) break;
      mine.push({ leadId: null, customerId: customer.id, template: pick(CUSTOMER_FOLLOW_UPS), nextFollowAt: null, by: lead.ownerId, at });
      last = at;
    }
    followUps.push(...mine);
    if (mine.length) customer.lastFollowAt = mine[mine.length - 1]!.at;
    if (customer.status === 'intention' && !delivered) {
      customer.nextFollowAt = workingTime(Math.max(last, now - 8 * DAY) + between(1, 16) * DAY);
      if (mine.length) mine[mine.length - 1]!.nextFollowAt = customer.nextFollowAt;
      // Some bring their family for a second look.
      if (chance(0.12) && lead.ownerId) {
        visits.push(visit({ status: 'pending', leadId: null, customerId: customer.id, storeId: lead.storeId, at: visitTime(today + between(1, 20) * DAY), ownerId: lead.ownerId, receptionistId: lead.ownerId, closedAt: null, createdAt: last }));
      }
    }
    if (deliveredAt !== null) {
      for (let b = 0; b < (twins ? 2 : 1); b++) {
        const gender = chance(0.5) ? 'M' : 'F';
        babies.push({
          customerId: customer.id,
          name: `${lead.name[0]}${gender === 'M' ? pick(['小宝', '宝宝', '哥哥', '小虎']) : pick(['小宝', '宝宝', '妹妹', '小美'])}${twins ? ['（大）', '（小）'][b] : ''}`,
          gender,
          birthAt: startOfShanghaiDay(deliveredAt) + between(0, 24) * HOUR,
          gestationWeeks: twins ? 35 + Math.floor(random() * 3) : 37 + Math.floor(random() * 5),
          weight: twins ? 1900 + Math.floor(random() * 900) : 2600 + Math.floor(random() * 1500),
          length: (twins ? 44 + random() * 5 : 47 + random() * 6).toFixed(1),
          bloodType: pick(['A', 'B', 'O', 'O', 'AB', 'unknown']),
          by: lead.ownerId,
        });
      }
    }
    return customer;
  }

  numbered.sort((a, b) => a.at - b.at).forEach((n) => n.assign());
  return { leads, customers, followUps, babies, visits, counters, numbers };
}

/**
 * Reads what the generator needs (stores, users, existing phones and counters), inserts the lead and
 * partner channels and every record, and moves the number counters past the seeded numbers. Answers
 * how many leads, customers and visits were inserted.
 */
export async function insertDemoCrmData(trx: Transaction<DB>, companyId: string, now = new Date()): Promise<{ leads: number; customers: number; visits: number }> {
  const stores = await trx.selectFrom('store').select(['id', 'code']).where('company_id', '=', companyId).where('code', 'in', Object.keys(demoConsultants)).execute();
  const usernames = [...Object.values(demoConsultants).flat(), 'hq.service'];
  const users = await trx
    .selectFrom('app_user as u')
    .innerJoin('user_company as uc', 'uc.user_id', 'u.id')
    .select(['u.id', 'u.username'])
    .where('uc.company_id', '=', companyId)
    .where('u.username', 'in', usernames)
    .execute();
  if (!stores.length) return { leads: 0, customers: 0, visits: 0 };

  const leadChannelIds = demoLeadChannels.map(() => randomUUID());
  const inserted = await sql<{ code: string; id: string }>`
    insert into lead_channel (id, company_id, code, name, type, cost_per_month, sort)
    select id, ${companyId}::uuid, code, name, type, cost, sort from unnest(
      ${leadChannelIds}::uuid[], ${demoLeadChannels.map((c) => c.code)}::text[], ${demoLeadChannels.map((c) => c.name)}::text[],
      ${demoLeadChannels.map((c) => c.type)}::text[], ${demoLeadChannels.map((c) => c.cost)}::numeric[], ${demoLeadChannels.map((_, i) => i + 1)}::int[]
    ) as t(id, code, name, type, cost, sort)
    on conflict (company_id, code) do nothing
    returning code, id`.execute(trx);
  // A code taken before (an administrator's own channel) is reused as it is.
  const existingChannels = await trx.selectFrom('lead_channel').select(['id', 'code']).where('company_id', '=', companyId).where('code', 'in', demoLeadChannels.map((c) => c.code)).execute();
  const leadChannels = demoLeadChannels.map((c) => (inserted.rows.find((r) => r.code === c.code) ?? existingChannels.find((r) => r.code === c.code))!.id);
  await sql`
    insert into channel (company_id, name, kind, contact, phone, commission_rate)
    select ${companyId}::uuid, * from unnest(
      ${demoPartnerChannels.map((c) => c.name)}::text[], ${demoPartnerChannels.map((c) => c.kind)}::text[], ${demoPartnerChannels.map((c) => c.contact)}::text[],
      ${demoPartnerChannels.map((c) => c.phone)}::text[], ${demoPartnerChannels.map((c) => c.rate)}::numeric[]
    )
    on conflict (company_id, name) do nothing`.execute(trx);
  const partnerChannels = await trx.selectFrom('channel').select('id').where('company_id', '=', companyId).where('name', 'in', demoPartnerChannels.map((c) => c.name)).orderBy('name').execute();

  const taken = await sql<{ phone: string }>`
    select phone from lead where company_id = ${companyId} union select phone from customer where company_id = ${companyId}`.execute(trx);
  const rules = [NumberRuleCode.lead, NumberRuleCode.customer, NumberRuleCode.reservation];
  const counterRows = await trx.selectFrom('number_rule_counter').select(['rule_code', 'period', 'value']).where('rule_code', 'in', rules).execute();

  const data = buildDemoCrmData({
    now: now.getTime(),
    stores: Object.fromEntries(stores.map((s) => [s.code, s.id])),
    users: Object.fromEntries(users.map((u) => [u.username, u.id])),
    leadChannels,
    partnerChannels: partnerChannels.map((c) => c.id),
    takenPhones: new Set(taken.rows.map((r) => r.phone)),
    counters: new Map(counterRows.map((r) => [`${r.rule_code}:${r.period}`, Number(r.value)])),
  });

  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const col = <T, V>(rows: T[], pick: (row: T) => V) => rows.map(pick);
  const { leads, customers, followUps, babies, visits } = data;

  await sql`
    insert into lead (id, company_id, lead_no, name, phone, wechat, lead_channel_id, channel_id, referrer, due_date, gestation_weeks, parity,
                      preferred_store_id, budget, intention_grade, owner_id, status, close_reason, closed_at, assigned_at, released_at,
                      next_follow_at, last_follow_at, remark, created_by, created_at, updated_by, updated_at)
    select id, ${companyId}::uuid, lead_no, name, phone, wechat, lead_channel_id, channel_id, referrer, due_date, gestation_weeks, parity,
           store_id, budget, grade, owner_id, status, close_reason, closed_at, assigned_at, released_at,
           next_follow_at, last_follow_at, remark, created_by, created_at, created_by, coalesce(closed_at, last_follow_at, created_at)
    from unnest(
      ${col(leads, (l) => l.id)}::uuid[], ${col(leads, (l) => l.leadNo)}::text[], ${col(leads, (l) => l.name)}::text[], ${col(leads, (l) => l.phone)}::text[],
      ${col(leads, (l) => l.wechat)}::text[], ${col(leads, (l) => l.leadChannelId)}::uuid[], ${col(leads, (l) => l.channelId)}::uuid[],
      ${col(leads, (l) => l.referrer)}::text[], ${col(leads, (l) => l.dueDate)}::date[], ${col(leads, (l) => l.gestationWeeks)}::int[],
      ${col(leads, (l) => l.parity)}::int[], ${col(leads, (l) => l.storeId)}::uuid[], ${col(leads, (l) => l.budget)}::numeric[],
      ${col(leads, (l) => l.grade)}::text[], ${col(leads, (l) => l.ownerId)}::uuid[], ${col(leads, (l) => l.status)}::text[],
      ${col(leads, (l) => l.closeReason)}::text[], ${col(leads, (l) => iso(l.closedAt))}::timestamptz[], ${col(leads, (l) => iso(l.assignedAt))}::timestamptz[],
      ${col(leads, (l) => iso(l.releasedAt))}::timestamptz[], ${col(leads, (l) => iso(l.nextFollowAt))}::timestamptz[],
      ${col(leads, (l) => iso(l.lastFollowAt))}::timestamptz[], ${col(leads, (l) => l.remark)}::text[], ${col(leads, (l) => l.createdBy)}::uuid[],
      ${col(leads, (l) => iso(l.createdAt))}::timestamptz[]
    ) as t(id, lead_no, name, phone, wechat, lead_channel_id, channel_id, referrer, due_date, gestation_weeks, parity, store_id, budget, grade,
           owner_id, status, close_reason, closed_at, assigned_at, released_at, next_follow_at, last_follow_at, remark, created_by, created_at)`.execute(trx);

  await sql`
    insert into customer (id, company_id, customer_no, name, phone, wechat, id_type, id_no, birth_date, hometown, address, due_date, delivery_date,
                          delivery_mode, delivery_hospital, fetus_type, parity, tags, level, lead_channel_id, channel_id, owner_id, store_id, status,
                          lead_id, last_follow_at, next_follow_at, created_by, created_at, updated_by, updated_at)
    select id, ${companyId}::uuid, customer_no, name, phone, wechat, case when id_no is null then null else 'id_card' end, id_no, birth_date, hometown,
           address, due_date, delivery_date, delivery_mode, delivery_hospital, fetus_type, parity, coalesce(string_to_array(nullif(tags, ''), ','), '{}'),
           level, lead_channel_id, channel_id, owner_id, store_id, status, lead_id, last_follow_at, next_follow_at, owner_id, created_at, owner_id,
           coalesce(last_follow_at, created_at)
    from unnest(
      ${col(customers, (c) => c.id)}::uuid[], ${col(customers, (c) => c.customerNo)}::text[], ${col(customers, (c) => c.lead.name)}::text[],
      ${col(customers, (c) => c.lead.phone)}::text[], ${col(customers, (c) => c.lead.wechat)}::text[], ${col(customers, (c) => c.idNo)}::text[],
      ${col(customers, (c) => c.birthDate)}::date[], ${col(customers, (c) => c.hometown)}::text[], ${col(customers, (c) => c.address)}::text[],
      ${col(customers, (c) => c.lead.dueDate)}::date[], ${col(customers, (c) => c.deliveryDate)}::date[], ${col(customers, (c) => c.deliveryMode)}::text[],
      ${col(customers, (c) => c.deliveryHospital)}::text[], ${col(customers, (c) => c.fetusType)}::text[], ${col(customers, (c) => c.lead.parity)}::int[],
      ${col(customers, (c) => c.tags.join(','))}::text[], ${col(customers, (c) => c.level)}::text[], ${col(customers, (c) => c.lead.leadChannelId)}::uuid[],
      ${col(customers, (c) => c.lead.channelId)}::uuid[], ${col(customers, (c) => c.lead.ownerId)}::uuid[], ${col(customers, (c) => c.lead.storeId)}::uuid[],
      ${col(customers, (c) => c.status)}::text[], ${col(customers, (c) => c.lead.id)}::uuid[], ${col(customers, (c) => iso(c.lastFollowAt))}::timestamptz[],
      ${col(customers, (c) => iso(c.nextFollowAt))}::timestamptz[], ${col(customers, (c) => iso(c.createdAt))}::timestamptz[]
    ) as t(id, customer_no, name, phone, wechat, id_no, birth_date, hometown, address, due_date, delivery_date, delivery_mode, delivery_hospital,
           fetus_type, parity, tags, level, lead_channel_id, channel_id, owner_id, store_id, status, lead_id, last_follow_at, next_follow_at, created_at)`.execute(trx);

  await sql`
    update lead set customer_id = t.customer_id
    from unnest(${col(customers, (c) => c.lead.id)}::uuid[], ${col(customers, (c) => c.id)}::uuid[]) as t(lead_id, customer_id)
    where lead.id = t.lead_id`.execute(trx);

  // Follow-ups name their template by index: ~5,000 rows then carry no text of their own.
  const templates = [...new Set(followUps.map((f) => f.template))];
  const templateIndex = new Map(templates.map((tpl, i) => [tpl, i + 1]));
  await sql`
    insert into follow_up (company_id, lead_id, customer_id, type, way, content, next_follow_at, created_by, created_at, updated_by, updated_at)
    select ${companyId}::uuid, t.lead_id, t.customer_id, (${templates.map((x) => x.type)}::text[])[t.template],
           (${templates.map((x) => x.way)}::text[])[t.template], (${templates.map((x) => x.content)}::text[])[t.template],
           t.next_follow_at, t.created_by, t.created_at, t.created_by, t.created_at
    from unnest(
      ${col(followUps, (f) => f.leadId)}::uuid[], ${col(followUps, (f) => f.customerId)}::uuid[], ${col(followUps, (f) => templateIndex.get(f.template)!)}::int[],
      ${col(followUps, (f) => iso(f.nextFollowAt))}::timestamptz[], ${col(followUps, (f) => f.by)}::uuid[], ${col(followUps, (f) => iso(f.at))}::timestamptz[]
    ) as t(lead_id, customer_id, template, next_follow_at, created_by, created_at)`.execute(trx);

  await sql`
    insert into baby (company_id, customer_id, name, gender, birth_at, gestation_weeks, birth_weight, birth_length, blood_type, created_by, created_at, updated_by, updated_at)
    select ${companyId}::uuid, customer_id, name, gender, birth_at, gestation_weeks, weight, length, blood_type, created_by, birth_at + interval '3 days',
           created_by, birth_at + interval '3 days'
    from unnest(
      ${col(babies, (b) => b.customerId)}::uuid[], ${col(babies, (b) => b.name)}::text[], ${col(babies, (b) => b.gender)}::text[],
      ${col(babies, (b) => iso(b.birthAt))}::timestamptz[], ${col(babies, (b) => b.gestationWeeks)}::int[], ${col(babies, (b) => b.weight)}::int[],
      ${col(babies, (b) => b.length)}::numeric[], ${col(babies, (b) => b.bloodType)}::text[], ${col(babies, (b) => b.by)}::uuid[]
    ) as t(customer_id, name, gender, birth_at, gestation_weeks, weight, length, blood_type, created_by)`.execute(trx);

  await sql`
    insert into reservation (company_id, reservation_no, kind, status, lead_id, customer_id, store_id, at, visitors, receptionist_id, owner_id, remark,
                             closed_at, cancel_reason, created_by, created_at, updated_by, updated_at)
    select ${companyId}::uuid, reservation_no, 'visit', status, lead_id, customer_id, store_id, at, visitors, receptionist_id, owner_id, remark,
           closed_at, cancel_reason, owner_id, created_at, owner_id, coalesce(closed_at, created_at)
    from unnest(
      ${col(visits, (v) => v.reservationNo)}::text[], ${col(visits, (v) => v.status)}::text[], ${col(visits, (v) => v.leadId)}::uuid[],
      ${col(visits, (v) => v.customerId)}::uuid[], ${col(visits, (v) => v.storeId)}::uuid[], ${col(visits, (v) => iso(v.at))}::timestamptz[],
      ${col(visits, (v) => v.visitors)}::int[], ${col(visits, (v) => v.receptionistId)}::uuid[], ${col(visits, (v) => v.ownerId)}::uuid[],
      ${col(visits, (v) => v.remark)}::text[], ${col(visits, (v) => iso(v.closedAt))}::timestamptz[], ${col(visits, (v) => v.cancelReason)}::text[],
      ${col(visits, (v) => iso(v.createdAt))}::timestamptz[]
    ) as t(reservation_no, status, lead_id, customer_id, store_id, at, visitors, receptionist_id, owner_id, remark, closed_at, cancel_reason, created_at)`.execute(trx);

  // Later numbers of the same days continue after the seeded ones (nextNumber would also skip them
  // through number_rule_issued, one draw per collision).
  await sql`
    insert into number_rule_issued (rule_code, number)
    select * from unnest(${col(data.numbers, (n) => n.rule)}::text[], ${col(data.numbers, (n) => n.number)}::text[])
    on conflict do nothing`.execute(trx);
  const counters = [...data.counters].map(([key, value]) => ({ rule: key.slice(0, key.indexOf(':')), period: key.slice(key.indexOf(':') + 1), value }));
  await sql`
    insert into number_rule_counter (rule_code, period, value)
    select * from unnest(${col(counters, (c) => c.rule)}::text[], ${col(counters, (c) => c.period)}::text[], ${col(counters, (c) => c.value)}::bigint[])
    on conflict (rule_code, period) do update set value = greatest(number_rule_counter.value, excluded.value)`.execute(trx);

  return { leads: leads.length, customers: customers.length, visits: visits.length };
}

const DEMO_CRM_DATA_LOCK_KEY = 7_202_621;
// Its own key: a database seeded before the demo records existed gets them once at its next start.
const DEMO_CRM_DATA_SEED_KEY = 'demo:crm:data';
const DEMO_CRM_SEED_KEYS = ['demo:crm', 'demo:crm:customer'];

/**
 * DEMO_DATA (and DEMO_CRM_DATA, default on) only, once (seed_record), after seed/demo-crm.ts made the
 * stores and scopes: the demo CRM records of `insertDemoCrmData`. Answers what was inserted, or null.
 */
export async function seedDemoCrmDataIfEmpty(db: Kysely<DB>, config: AppConfig): Promise<{ leads: number; customers: number; visits: number } | null> {
  if (!config.demoCrmData) return null;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_CRM_DATA_LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return null;
    const done = await trx.selectFrom('seed_record').select('key').where('key', 'in', [DEMO_CRM_DATA_SEED_KEY, ...DEMO_CRM_SEED_KEYS]).execute();
    if (done.some((d) => d.key === DEMO_CRM_DATA_SEED_KEY) || done.length < DEMO_CRM_SEED_KEYS.length) return null;
    const inserted = await insertDemoCrmData(trx, company.id);
    await trx.insertInto('seed_record').values({ key: DEMO_CRM_DATA_SEED_KEY }).execute();
    return inserted;
  });
}
