// Money arrives as numeric(14,2) strings; it is rounded and printed by decimal string arithmetic so
// no digit is lost to binary floating point.

export type MoneyInput = number | string | null | undefined;

export interface MoneyFormatOptions {
  /** Group the integer part with commas: 1,234,567.00. */
  thousands?: boolean;
}

interface Decimal {
  negative: boolean;
  /** Integer digits, no leading zeros ('0' for none). */
  int: string;
  /** Fraction digits, any length. */
  frac: string;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

function parseDecimal(value: MoneyInput): Decimal | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  // A number is taken at its shortest decimal form: 1.005 is '1.005', 0.1 + 0.2 is '0.30000000000000004'.
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign = '', intPart = '', fracPart = '', exponent = '0'] = match;
  if (intPart === '' && fracPart === '') return undefined;

  // Move the decimal point by the exponent (String(1e21) is '1e+21').
  const digits = intPart + fracPart;
  const point = intPart.length + Number(exponent);
  let int: string;
  let frac: string;
  if (point <= 0) {
    int = '';
    frac = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    int = digits + '0'.repeat(point - digits.length);
    frac = '';
  } else {
    int = digits.slice(0, point);
    frac = digits.slice(point);
  }
  return { negative: sign === '-', int: int.replace(/^0+/, '') || '0', frac };
}

// Adds one to a string of decimal digits.
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return '1' + out.join('');
}

// Rounds half away from zero (as PostgreSQL numeric does) to exactly `places` fraction digits.
function roundTo(d: Decimal, places: number): Decimal {
  if (d.frac.length <= places) return { ...d, frac: d.frac.padEnd(places, '0') };
  let kept = d.int + d.frac.slice(0, places);
  if (d.frac.charCodeAt(places) >= '5'.charCodeAt(0)) kept = increment(kept);
  const int = kept.slice(0, kept.length - places).replace(/^0+/, '') || '0';
  const frac = kept.slice(kept.length - places);
  return { negative: d.negative, int, frac };
}

function trimTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits[end - 1] === '0') end--;
  return digits.slice(0, end);
}

function groupThousands(int: string): string {
  const groups: string[] = [];
  for (let end = int.length; end > 0; end -= 3) groups.unshift(int.slice(Math.max(0, end - 3), end));
  return groups.join(',');
}

function print(d: Decimal, thousands: boolean): string {
  const isZero = /^0*$/.test(d.int) && /^0*$/.test(d.frac);
  const int = thousands ? groupThousands(d.int) : d.int;
  return (d.negative && !isZero ? '-' : '') + int + (d.frac === '' ? '' : '.' + d.frac);
}

/**
 * Money with exactly 2 decimals, rounded half away from zero: '1.005' → '1.01', -2 → '-2.00'.
 * null, undefined, '' and anything that is not a decimal number give ''.
 */
export function formatMoney(value: MoneyInput, { thousands = false }: MoneyFormatOptions = {}): string {
  const d = parseDecimal(value);
  return d ? print(roundTo(d, 2), thousands) : '';
}

/**
 * Money with 0 to 4 decimals: rounded to 4, trailing zeros dropped ('2.50' → '2.5', '3.00' → '3').
 * Same inputs and empty handling as `formatMoney`.
 */
export function formatMoneyFlexible(value: MoneyInput, { thousands = false }: MoneyFormatOptions = {}): string {
  const d = parseDecimal(value);
  if (!d) return '';
  const rounded = roundTo(d, 4);
  return print({ ...rounded, frac: trimTrailingZeros(rounded.frac) }, thousands);
}
