import { sql, type Kysely, type Transaction } from 'kysely';
import { DictCode, NumberRuleCode, type DictCodeValue, type NumberDatePattern, type NumberResetPeriod } from '@care/shared';
import type { DB } from '../platform/db/schema.js';

const SEED_LOCK_KEY = 7_202_613;

interface ItemSeed {
  value: string;
  label: string;
  color?: string;
  description?: string;
}

interface DictSeed {
  code: DictCodeValue;
  name: string;
  description?: string;
  items: ItemSeed[];
}

const items = (color: string, ...labels: [value: string, label: string][]): ItemSeed[] => labels.map(([value, label]) => ({ value, label, color }));
/** Items each with its own tag colour. */
const coloured = (...labels: [value: string, label: string, color: string][]): ItemSeed[] => labels.map(([value, label, color]) => ({ value, label, color }));

/**
 * The value lists of DOMAIN.md that administrators may edit, with their Chinese labels. State
 * machines and behaviour-bearing kinds are code-defined enums instead (DictEnums in @care/shared).
 * docs/dictionaries.md lists them all.
 */
export const seededDictionaries: DictSeed[] = [
  { code: DictCode.sex, name: '性别', items: coloured(['M', '男', 'blue'], ['F', '女', 'magenta']) },
  { code: DictCode.yesNo, name: '是否', items: coloured(['1', '是', 'green'], ['0', '否', 'default']) },
  {
    code: DictCode.leadChannelType,
    name: '线索渠道类型',
    items: coloured(['online', '线上', 'blue'], ['offline', '线下', 'green'], ['referral', '转介绍', 'gold'], ['internal', '内部', 'purple']),
  },
  {
    code: DictCode.channelKind,
    name: '合作渠道类型',
    items: items('cyan', ['hospital', '医院'], ['prenatal_clinic', '产检机构'], ['baby_store', '母婴店'], ['peer', '同行'], ['individual', '个人']),
  },
  {
    code: DictCode.intentionGrade,
    name: '意向等级',
    items: [
      { value: 'A', label: 'A级', color: 'red', description: '意向最强，近期可签约' },
      { value: 'B', label: 'B级', color: 'volcano', description: '意向较强' },
      { value: 'C', label: 'C级', color: 'orange', description: '有意向，仍在比较' },
      { value: 'D', label: 'D级', color: 'blue', description: '意向较弱' },
      { value: 'E', label: 'E级', color: 'default', description: '暂无意向' },
    ],
  },
  {
    code: DictCode.followUpType,
    name: '跟进类型',
    items: coloured(['sales', '销售', 'blue'], ['consult', '咨询', 'cyan'], ['revisit', '回访', 'green'], ['visit', '探访', 'purple'], ['complaint', '投诉', 'red']),
  },
  { code: DictCode.followUpWay, name: '跟进方式', items: items('blue', ['phone', '电话'], ['wechat', '微信'], ['face_to_face', '面谈'], ['in_store', '到店']) },
  {
    code: DictCode.idType,
    name: '证件类型',
    items: items('default', ['id_card', '居民身份证'], ['passport', '护照'], ['hk_macao_permit', '港澳居民来往内地通行证'], ['taiwan_permit', '台湾居民来往大陆通行证'], ['other', '其他']),
  },
  { code: DictCode.deliveryMode, name: '分娩方式', items: coloured(['natural', '顺产', 'green'], ['caesarean', '剖宫产', 'orange']) },
  { code: DictCode.fetusType, name: '胎儿类型', items: items('blue', ['single', '单胎'], ['twins', '双胎'], ['multiple', '多胎']) },
  {
    code: DictCode.customerLevel,
    name: '客户等级',
    items: coloured(['normal', '普通客户', 'default'], ['vip', 'VIP客户', 'gold'], ['svip', 'SVIP客户', 'volcano']),
  },
  {
    code: DictCode.customerTag,
    name: '客户标签',
    items: items('geekblue', ['second_child', '二胎'], ['advanced_age', '高龄产妇'], ['twins', '双胞胎'], ['referral', '老客户转介绍'], ['special_diet', '特殊饮食']),
  },
  { code: DictCode.bloodType, name: '血型', items: items('red', ['A', 'A型'], ['B', 'B型'], ['AB', 'AB型'], ['O', 'O型'], ['unknown', '未知']) },
  {
    code: DictCode.productKind,
    name: '产品类型',
    items: coloured(['confinement_package', '月子套餐', 'magenta'], ['short_confinement', '小月子', 'purple'], ['nurse_service', '月嫂服务', 'blue'], ['single_service', '单项服务', 'cyan'], ['goods', '商品', 'green']),
  },
  {
    code: DictCode.roomFacing,
    name: '房间朝向',
    items: items('default', ['south', '南'], ['north', '北'], ['east', '东'], ['west', '西'], ['south_east', '东南'], ['south_west', '西南'], ['north_east', '东北'], ['north_west', '西北']),
  },
  {
    code: DictCode.contractType,
    name: '合同类型',
    items: coloured(['confinement', '月子', 'magenta'], ['short_confinement', '小月子', 'purple'], ['home', '到家', 'green'], ['extension', '续住', 'blue'], ['infant_care', '婴儿托管', 'cyan']),
  },
  {
    code: DictCode.receivableItem,
    name: '应收项目',
    items: items('blue', ['deposit', '定金'], ['first_payment', '首付'], ['final_payment', '尾款'], ['guarantee', '押金'], ['extension', '续住'], ['upgrade', '升级'], ['other', '其他']),
  },
  {
    code: DictCode.paymentMethod,
    name: '收款方式',
    items: coloured(['cash', '现金', 'gold'], ['pos', 'POS', 'blue'], ['wechat', '微信', 'green'], ['alipay', '支付宝', 'geekblue'], ['transfer', '转账', 'cyan'], ['deposit_offset', '定金抵扣', 'purple'], ['guarantee_offset', '押金抵扣', 'magenta']),
  },
  { code: DictCode.serviceSubject, name: '服务对象', items: coloured(['mother', '妈妈', 'magenta'], ['baby', '宝宝', 'blue']) },
  {
    code: DictCode.serviceItem,
    name: '服务项目',
    items: items(
      'cyan',
      ['postpartum_recovery', '产后康复'],
      ['lactation', '催乳通乳'],
      ['tcm_care', '中医调理'],
      ['baby_massage', '新生儿抚触'],
      ['baby_swim', '婴儿游泳'],
      ['baby_bath', '新生儿洗澡'],
      ['jaundice_check', '黄疸监测'],
      ['postpartum_yoga', '产后瑜伽'],
      ['maternal_care', '母婴护理'],
      ['confinement_meal', '月子餐'],
      ['full_moon_photo', '满月照'],
    ),
  },
  {
    code: DictCode.nurseLevel,
    name: '月嫂等级',
    items: coloured(['junior', '初级', 'default'], ['middle', '中级', 'blue'], ['senior', '高级', 'purple'], ['gold', '金牌', 'gold']),
  },
  { code: DictCode.nursePracticeType, name: '从业类型', items: items('blue', ['confinement_nurse', '月嫂'], ['nanny', '育儿嫂'], ['lactation_consultant', '催乳师'], ['infant_massage', '小儿推拿']) },
  { code: DictCode.nurseServiceType, name: '服务方式', items: items('cyan', ['center', '会所'], ['home', '到家'], ['hospital', '医院陪护']) },
  { code: DictCode.nurseEmployment, name: '用工方式', items: items('default', ['employee', '员工制'], ['contract', '签约制']) },
  {
    code: DictCode.nurseSkill,
    name: '月嫂技能',
    items: items('geekblue', ['newborn_care', '新生儿护理'], ['postpartum_care', '产妇护理'], ['confinement_meal', '月子餐'], ['lactation', '催乳'], ['early_education', '早教'], ['infant_massage', '小儿推拿']),
  },
  {
    code: DictCode.nurseCertificate,
    name: '月嫂证书',
    items: items('green', ['maternity_nurse', '母婴护理师证'], ['childcare', '育婴师证'], ['health', '健康证'], ['lactation', '催乳师证'], ['nutrition', '营养师证']),
  },
];

interface NumberRuleSeed {
  code: string;
  name: string;
  prefix: string;
  datePattern: NumberDatePattern;
  seqLength: number;
  resetPeriod: NumberResetPeriod;
}

const daily = (code: string, name: string, prefix: string): NumberRuleSeed => ({ code, name, prefix, datePattern: 'YYYYMMDD', seqLength: 4, resetPeriod: 'day' });

/** Business numbers of DOMAIN.md's records (e.g. DD202501310001). */
export const seededNumberRules: NumberRuleSeed[] = [
  daily(NumberRuleCode.lead, '线索编号', 'XS'),
  daily(NumberRuleCode.customer, '客户编号', 'KH'),
  daily(NumberRuleCode.reservation, '预约编号', 'YY'),
  daily(NumberRuleCode.order, '订单编号', 'DD'),
  daily(NumberRuleCode.contract, '合同编号', 'HT'),
  daily(NumberRuleCode.payment, '收款单号', 'SK'),
  daily(NumberRuleCode.changeOrder, '变更单号', 'BG'),
  daily(NumberRuleCode.serviceOrder, '服务单号', 'FW'),
  { code: NumberRuleCode.nurse, name: '月嫂编号', prefix: 'YS', datePattern: 'none', seqLength: 5, resetPeriod: 'never' },
  daily(NumberRuleCode.nurseAssignment, '派工单号', 'PG'),
  daily(NumberRuleCode.nurseSettlement, '月嫂结算单号', 'JS'),
];

/** Examples of 校验规则 for forms. */
export const seededCheckRules = [
  {
    code: 'mobile',
    name: '手机号',
    description: '11位数字，以1开头',
    segments: [
      { digits: '1', pattern: '1', message: '手机号必须以1开头' },
      { digits: '*', pattern: '\\d{11}', message: '手机号必须是11位数字' },
    ],
  },
  {
    code: 'id_card',
    name: '居民身份证号',
    description: '17位数字加一位数字或X',
    segments: [
      { digits: '17', pattern: '\\d{17}', message: '身份证号前17位必须是数字' },
      { digits: '*', pattern: '\\d{17}[\\dXx]', message: '身份证号必须是18位，末位为数字或X' },
    ],
  },
  {
    code: 'room_no',
    name: '房间号',
    description: '楼层数字加两位房号，如 801、1203',
    segments: [{ digits: '*', pattern: '[1-9]\\d{0,1}\\d{2}', message: '房间号为楼层加两位房号，如 801' }],
  },
];

/**
 * Inserts the dictionaries, number rules and check rules that were never seeded before (tracked in
 * seed_record by code), so a release adds new ones and an administrator's edits and deletions stick.
 * Runs under a lock so that instances starting together seed once. Answers how many were inserted.
 */
export async function seedDictionaries(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const done = new Set((await trx.selectFrom('seed_record').select('key').execute()).map((r) => r.key));
    let inserted = 0;
    for (const dict of seededDictionaries) {
      if (await claim(trx, done, `dict:${dict.code}`, () => trx.selectFrom('dict_type').select('id').where('code', '=', dict.code).executeTakeFirst())) {
        const { id } = await trx
          .insertInto('dict_type')
          .values({ code: dict.code, name: dict.name, description: dict.description ?? '' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('dict_item')
          .values(dict.items.map((item, sort) => ({ dict_type_id: id, value: item.value, label: item.label, color: item.color ?? '', description: item.description ?? '', sort })))
          .execute();
        inserted++;
      }
    }
    for (const rule of seededNumberRules) {
      if (await claim(trx, done, `number-rule:${rule.code}`, () => trx.selectFrom('number_rule').select('id').where('code', '=', rule.code).executeTakeFirst())) {
        await trx
          .insertInto('number_rule')
          .values({ code: rule.code, name: rule.name, prefix: rule.prefix, date_pattern: rule.datePattern, seq_length: rule.seqLength, reset_period: rule.resetPeriod })
          .execute();
        inserted++;
      }
    }
    for (const rule of seededCheckRules) {
      if (await claim(trx, done, `check-rule:${rule.code}`, () => trx.selectFrom('check_rule').select('id').where('code', '=', rule.code).executeTakeFirst())) {
        await trx
          .insertInto('check_rule')
          .values({ code: rule.code, name: rule.name, description: rule.description, segments: JSON.stringify(rule.segments) })
          .execute();
        inserted++;
      }
    }
    return inserted;
  });
}

/** True when `key` was never seeded and nothing holds its code yet; records the key either way. */
async function claim(trx: Transaction<DB>, done: Set<string>, key: string, existing: () => Promise<unknown>): Promise<boolean> {
  if (done.has(key)) return false;
  const free = (await existing()) === undefined;
  await trx.insertInto('seed_record').values({ key }).onConflict((oc) => oc.column('key').doNothing()).execute();
  done.add(key);
  return free;
}
