/** The placeholders a contract template may hold, `{{name}}`, and what each is filled with. */
export const CONTRACT_PLACEHOLDERS = {
  customerName: '客户姓名',
  customerPhone: '客户电话',
  idNo: '证件号',
  orderNo: '订单号',
  storeName: '门店',
  partyA: '甲方（公司法定名称）',
  productName: '产品/套餐',
  days: '天数',
  plannedCheckIn: '预计入住日期',
  plannedCheckOut: '预计退房日期',
  dealPrice: '成交价（元）',
  dealPriceUpper: '成交价（金额大写）',
  depositAmount: '定金（元，按收款计划）',
  depositDue: '定金付款时间',
  firstPayment: '首付款（元，按收款计划）',
  firstPaymentDue: '首付款付款时间',
  finalPayment: '尾款（元，按收款计划）',
  finalPaymentDue: '尾款付款时间',
  planTable: '收款计划（表格：款项、金额、付款时间、已付）',
  paidAmount: '已付款（元，已审核到账）',
  serviceList: '套餐服务项目',
  contractNo: '合同编号',
  signedDate: '签署日期',
  // A 补充协议 (a 续住 / 升级's own agreement): its change order's line beside the signed deal.
  mainContractNo: '原合同编号（补充协议）',
  changeNo: '变更单号（补充协议）',
  changeContent: '变更内容（补充协议）',
  changeReference: '变更参考价（元，补充协议）',
  changeDiscount: '变更优惠（元，补充协议）',
  changeAmount: '变更金额（元，补充协议）',
  changeAmountUpper: '变更金额（金额大写，补充协议）',
} as const;
export type ContractPlaceholder = keyof typeof CONTRACT_PLACEHOLDERS;
export type ContractTermValues = Record<ContractPlaceholder, string>;

export const CONTRACT_PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** Placeholders whose value is markup the server built from escaped parts (a table), put in as is. */
export const CONTRACT_MARKUP_PLACEHOLDERS = ['planTable'] as const satisfies readonly ContractPlaceholder[];

/**
 * The template's `{{name}}` placeholders replaced by the values, each passed through `encode` (HTML
 * escaping): plain substitution, nothing evaluated. `markup` values (CONTRACT_MARKUP_PLACEHOLDERS,
 * built by the caller from escaped parts) go in unencoded. A placeholder without a value stays as
 * written so the gap shows.
 */
export function fillContractTerms(
  template: string,
  values: Partial<ContractTermValues>,
  encode: (value: string) => string,
  markup: Partial<Record<ContractPlaceholder, string>> = {},
): string {
  return template.replace(CONTRACT_PLACEHOLDER_PATTERN, (whole, name: string) => {
    if (Object.hasOwn(markup, name)) return markup[name as ContractPlaceholder] ?? '';
    return Object.hasOwn(values, name) ? encode(values[name as ContractPlaceholder] ?? '') : whole;
  });
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/**
 * 金额大写 of a money text ('12800.50' → 壹万贰仟捌佰元伍角), computed in integer cents. Only
 * non-negative amounts of at most two decimals below one thousand 万亿 are taken.
 */
export function amountInWords(amount: string): string {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) throw new Error(`not a money amount: ${amount}`);
  const yuan = m[1]!.replace(/^0+(?=\d)/, '');
  const cents = (m[2] ?? '').padEnd(2, '0');
  const jiao = Number(cents[0]);
  const fen = Number(cents[1]);
  let words = '';
  if (yuan !== '0') {
    const groups: string[] = [];
    for (let end = yuan.length; end > 0; end -= 4) groups.unshift(yuan.slice(Math.max(0, end - 4), end));
    let zeroPending = false;
    groups.forEach((group, gi) => {
      const groupIndex = groups.length - 1 - gi;
      let groupWords = '';
      for (let i = 0; i < group.length; i++) {
        const d = Number(group[i]);
        const unit = UNITS[group.length - 1 - i]!;
        if (d === 0) {
          zeroPending = true;
        } else {
          if (zeroPending && (words || groupWords)) groupWords += '零';
          zeroPending = false;
          groupWords += DIGITS[d] + unit;
        }
      }
      if (groupWords) words += groupWords + GROUPS[groupIndex];
    });
    words += '元';
  }
  if (jiao === 0 && fen === 0) return words ? `${words}整` : '零元整';
  if (jiao) words += `${DIGITS[jiao]}角`;
  else if (words) words += '零';
  if (fen) words += `${DIGITS[fen]}分`;
  return words;
}
