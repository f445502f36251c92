import { addDays } from '../room-board/room-board.days.js';

/** Days before an expiry from which it is flagged 即将过期. */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryFlag = 'expired' | 'expiring';

export const EXPIRY_FLAG_LABELS: Record<ExpiryFlag, string> = { expired: '已过期', expiring: '即将过期' };

/**
 * 已过期 when the expiry day is before `today`; 即将过期 when it is within the next 30 days (today
 * included); none otherwise or without an expiry. Days are `YYYY-MM-DD` (Asia/Shanghai).
 */
export function expiryFlag(expiresOn: string | null | undefined, today: string): ExpiryFlag | null {
  if (!expiresOn) return null;
  if (expiresOn < today) return 'expired';
  if (expiresOn <= addDays(today, EXPIRY_WARNING_DAYS)) return 'expiring';
  return null;
}

/** The last day an expiry counts as 即将过期 seen from `today`. */
export const expiryWarningUntil = (today: string): string => addDays(today, EXPIRY_WARNING_DAYS);

/** The worse of two flags (已过期 over 即将过期). */
export function worseFlag(a: ExpiryFlag | null, b: ExpiryFlag | null): ExpiryFlag | null {
  if (a === 'expired' || b === 'expired') return 'expired';
  return a ?? b;
}
