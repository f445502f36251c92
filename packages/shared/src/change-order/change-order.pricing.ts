import { centsToPrice, priceCents } from '../order/order.schema.js';

/**
 * How a change order's amount is computed (server side only; the client never sends it). Every
 * amount is in integer cents; a positive amount is owed by the customer, a negative one refunded.
 * The order's deal stays as signed (docs/ledger.md): a 续住 or 升级 is a priced line of its own beside
 * it — its amount, its reference price and its discount (reference − amount) — priced from the
 * signed terms (the signed deal, reference and days: days less the nights of approved 续住) and the
 * order's present terms (signed + the lines of its approved 续住 / 升级).
 *
 * - 续住 (extend by N nights): when a finance price is in force today for the order's product, store
 *   and room type at the longer stay (present days + N), the longer stay is priced at that reference
 *   price with the signed discount kept (reference × signed deal ÷ signed reference), and the change
 *   is that price minus the present deal (never below 0); its reference is the longer stay's
 *   reference minus the present reference. Otherwise the signed price per signed night: deal ÷ days
 *   × N (reference likewise).
 * - 换房 (from a date to the end of the stay): (daily price of the new room's type − daily price of
 *   the old room's type) × the remaining nights; negative when moving to a cheaper type.
 * - 升级 (to another product): (the new product's reference price − the present reference price),
 *   scaled by the signed deal ÷ reference (the discount the customer got is kept); that difference
 *   is its reference.
 * - 退款: −amount, at most what was paid in on the order.
 * Results are rounded half away from zero to the cent.
 */

/** An amount (at most two decimals; anything else throws) → integer cents. */
export function toCents(amount: string | number): number {
  const text = String(amount).trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) throw new Error(`not an amount: ${text}`);
  return priceCents(text);
}

export const fromCents = centsToPrice;

/** a × b ÷ c rounded half away from zero, exact for amounts of this size. */
export function mulDiv(a: number, b: number, c: number): number {
  if (c === 0) throw new Error('division by zero');
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (ad * 2n);
  return Number(negative ? -q : q);
}

export interface OrderTerms {
  days: number;
  dealPriceCents: number;
  referencePriceCents: number;
}

/** The order's present terms: the signed deal and reference plus the lines of its approved 续住 / 升级. */
export interface PresentTerms {
  dealPriceCents: number;
  referencePriceCents: number;
}

/** A 续住 / 升级 line: its amount, its reference price, its discount (reference − amount). */
export interface PricedLine {
  cents: number;
  referenceCents: number;
  discountCents: number;
}

const lineOf = (cents: number, referenceCents: number): PricedLine => ({ cents, referenceCents, discountCents: referenceCents - cents });

/**
 * 续住's line from the signed terms (`signed`, days = signed nights) and the present ones: see
 * extendAmount; its reference is the longer stay's reference less the present one (finance price),
 * else the signed reference per signed night.
 */
export function extendLine(signed: OrderTerms, present: PresentTerms, addDays: number, longerStayReferenceCents: number | null): PricedLine & { basis: 'financePrice' | 'perNight' } {
  if (longerStayReferenceCents !== null) {
    const longerDeal = signed.referencePriceCents > 0 ? mulDiv(longerStayReferenceCents, signed.dealPriceCents, signed.referencePriceCents) : longerStayReferenceCents;
    const cents = Math.max(0, longerDeal - present.dealPriceCents);
    return { ...lineOf(cents, Math.max(0, longerStayReferenceCents - present.referencePriceCents)), basis: 'financePrice' };
  }
  if (signed.days <= 0) return { ...lineOf(0, 0), basis: 'perNight' };
  return { ...lineOf(mulDiv(signed.dealPriceCents, addDays, signed.days), mulDiv(signed.referencePriceCents, addDays, signed.days)), basis: 'perNight' };
}

/** 升级's line: the new reference less the present one is its reference, scaled by the signed deal ÷ reference its amount. */
export function upgradeLine(signed: OrderTerms, present: PresentTerms, newReferenceCents: number): PricedLine {
  const diff = newReferenceCents - present.referencePriceCents;
  return lineOf(signed.referencePriceCents > 0 ? mulDiv(diff, signed.dealPriceCents, signed.referencePriceCents) : diff, diff);
}

/** 续住 of an order without earlier changes (signed = present): its amount and basis. */
export function extendAmount(order: OrderTerms, addDays: number, longerStayReferenceCents: number | null): { cents: number; basis: 'financePrice' | 'perNight' } {
  const { cents, basis } = extendLine(order, order, addDays, longerStayReferenceCents);
  return { cents, basis };
}

/** 换房: the difference of the two daily prices over the remaining nights. */
export function changeRoomAmount(fromDailyCents: number, toDailyCents: number, remainingNights: number): number {
  return (toDailyCents - fromDailyCents) * Math.max(0, remainingNights);
}

/** 升级 of an order without earlier changes (signed = present): its amount. */
export function upgradeAmount(order: OrderTerms, newReferenceCents: number): number {
  return upgradeLine(order, order, newReferenceCents).cents;
}

/** Nights from `from` to `to` (YYYY-MM-DD, `to` exclusive); 0 when `to` is not after `from`. */
export function nightsBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.max(0, Math.round(ms / 86_400_000));
}
