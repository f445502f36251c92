// Money is numeric(14, 2) text on the wire and in the database; arithmetic is done in integer cents.

/** '123.45' (or a number) → 12345; a value with more than two decimals is rounded to the cent. */
export function moneyToCents(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n)) throw new Error(`not an amount: ${String(value)}`);
  return Math.round(n * 100);
}

/** 12345 → '123.45', -150 → '-1.50'. */
export function centsToMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The sum of amounts, as text. */
export const sumMoneyText = (values: (string | number)[]): string => centsToMoney(values.reduce<number>((s, v) => s + moneyToCents(v), 0));

/** 未收 / 部分收款 / 已收清 from what is owed and what came in. */
export function receivableStatusOf(amountCents: number, receivedCents: number): 'unpaid' | 'partial' | 'paid' {
  if (receivedCents >= amountCents) return 'paid';
  return receivedCents <= 0 ? 'unpaid' : 'partial';
}

/** Aging buckets of an overdue amount by days past its due date. */
export const AGING_BUCKETS = [
  { key: 'd0_30', label: '1–30天', min: 1, max: 30 },
  { key: 'd31_60', label: '31–60天', min: 31, max: 60 },
  { key: 'd61_90', label: '61–90天', min: 61, max: 90 },
  { key: 'd90_plus', label: '90天以上', min: 91, max: Number.POSITIVE_INFINITY },
] as const;
export type AgingBucketKey = (typeof AGING_BUCKETS)[number]['key'];

/** The bucket of a receivable `daysOverdue` days past due; null when not yet overdue (due today or later: overdue means due before today). */
export function agingBucketOf(daysOverdue: number): AgingBucketKey | null {
  if (daysOverdue <= 0) return null;
  return AGING_BUCKETS.find((b) => daysOverdue >= b.min && daysOverdue <= b.max)!.key;
}
