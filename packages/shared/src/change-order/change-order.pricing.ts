import { centsToPrice, priceCents } from '../order/order.schema.js';

/**
 * How a change order's amount is computed (server side only; the client never sends it). Every
 * amount is in integer cents; a positive amount is owed by the customer, a negative one refunded.
 *
 * - 续住 (extend by N nights): when a finance price is in force today for the order's product, store
 *   and room type at the longer stay (order days + N), the longer stay is priced at that reference
 *   price with the order's own discount kept (reference × deal ÷ the order's reference), and the
 *   change is that price minus the order's deal price (never below 0). Otherwise the order's deal
 *   price per night: deal ÷ days × N.
 * - 换房 (from a date to the end of the stay): (daily price of the new room's type − daily price of
 *   the old room's type) × the remaining nights; negative when moving to a cheaper type.
 * - 升级 (to another product): (the new product's reference price − the order's reference price),
 *   scaled by the order's deal ÷ reference (the discount the customer got is kept).
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

/** 续住: the finance price of the longer stay when one exists, else the deal price per night. */
export function extendAmount(order: OrderTerms, addDays: number, longerStayReferenceCents: number | null): { cents: number; basis: 'financePrice' | 'perNight' } {
  if (longerStayReferenceCents !== null) {
    const longerDeal = order.referencePriceCents > 0 ? mulDiv(longerStayReferenceCents, order.dealPriceCents, order.referencePriceCents) : longerStayReferenceCents;
    return { cents: Math.max(0, longerDeal - order.dealPriceCents), basis: 'financePrice' };
  }
  if (order.days <= 0) return { cents: 0, basis: 'perNight' };
  return { cents: mulDiv(order.dealPriceCents, addDays, order.days), basis: 'perNight' };
}

/** 换房: the difference of the two daily prices over the remaining nights. */
export function changeRoomAmount(fromDailyCents: number, toDailyCents: number, remainingNights: number): number {
  return (toDailyCents - fromDailyCents) * Math.max(0, remainingNights);
}

/** 升级: the reference prices' difference, scaled by the order's deal ÷ reference. */
export function upgradeAmount(order: OrderTerms, newReferenceCents: number): number {
  const diff = newReferenceCents - order.referencePriceCents;
  return order.referencePriceCents > 0 ? mulDiv(diff, order.dealPriceCents, order.referencePriceCents) : diff;
}

/** Nights from `from` to `to` (YYYY-MM-DD, `to` exclusive); 0 when `to` is not after `from`. */
export function nightsBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.max(0, Math.round(ms / 86_400_000));
}
