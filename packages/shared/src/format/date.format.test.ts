import { describe, it, expect } from 'vitest';
import dayjs from 'dayjs';
import { DEFAULT_DATE_FORMAT, formatDateTime } from './date.format.js';

describe('formatDateTime', () => {
  it('uses YYYY-MM-DD HH:mm:ss by default', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDateTime('2024-03-05 07:08:09')).toBe('2024-03-05 07:08:09');
  });

  it('takes another format', () => {
    expect(formatDateTime('2024-03-05 07:08:09', 'YYYY-MM-DD')).toBe('2024-03-05');
    expect(formatDateTime('2024-03-05 07:08:09', 'YYYY年MM月DD日 HH:mm')).toBe('2024年03月05日 07:08');
  });

  it('shows text without a zone as written', () => {
    expect(formatDateTime('2024-01-02')).toBe('2024-01-02 00:00:00');
    expect(formatDateTime('2024-01-02T23:30:00')).toBe('2024-01-02 23:30:00');
    expect(formatDateTime('2024-01-02 23:30:00.123', 'HH:mm:ss.SSS')).toBe('23:30:00.123');
  });

  it('shows instants in Asia/Shanghai (UTC+8) whatever the machine zone', () => {
    expect(formatDateTime('2024-01-01T16:30:00Z')).toBe('2024-01-02 00:30:00');
    expect(formatDateTime('2024-01-02T10:00:00+08:00')).toBe('2024-01-02 10:00:00');
    expect(formatDateTime('2024-01-02T10:00:00.000-0500')).toBe('2024-01-02 23:00:00');
    expect(formatDateTime(new Date('2024-01-01T16:30:00Z'))).toBe('2024-01-02 00:30:00');
    expect(formatDateTime(Date.UTC(2024, 0, 1, 16, 30))).toBe('2024-01-02 00:30:00');
    expect(formatDateTime(0)).toBe('1970-01-01 08:00:00');
    expect(formatDateTime(dayjs('2024-06-30T20:00:00Z'))).toBe('2024-07-01 04:00:00');
    expect(formatDateTime('2024-01-01T16:30:00Z', 'YYYY-MM-DDTHH:mm:ssZ')).toBe('2024-01-02T00:30:00+08:00');
  });

  it('is not skewed by daylight-saving gaps of the machine zone', () => {
    // 2024-03-10 02:30 does not exist in New York (clocks jump 02:00 → 03:00); in Shanghai it does.
    expect(formatDateTime('2024-03-09T18:30:00Z')).toBe('2024-03-10 02:30:00');
    expect(formatDateTime('2024-03-10 02:30:00')).toBe('2024-03-10 02:30:00');
    expect(formatDateTime('2024-11-03T01:30:00')).toBe('2024-11-03 01:30:00');
  });

  it('gives an empty string for empty or invalid input', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('  ')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
    expect(formatDateTime(new Date('x'))).toBe('');
  });

  it('formats instants in the default format exactly as through dayjs (the fast path), at year edges too', () => {
    const instants = [0, -1, 1_700_000_000_123, Date.UTC(1999, 11, 31, 15, 59, 59, 999), Date.UTC(1999, 11, 31, 16, 0, 0), Date.UTC(9999, 11, 31, 15, 59, 59)];
    for (let i = 0; i < 200; i++) instants.push(Math.floor(((i * 7919) % 1000) / 1000 * 4_102_444_800_000));
    for (const ms of instants) {
      const viaDayjs = dayjs.utc(ms).add(8 * 60, 'minute').format('YYYY-MM-DD HH:mm:ss');
      expect(formatDateTime(new Date(ms)), String(ms)).toBe(viaDayjs);
      expect(formatDateTime(ms), String(ms)).toBe(viaDayjs);
    }
    // Past year 9999 in Shanghai the general path answers.
    expect(formatDateTime(Date.UTC(9999, 11, 31, 16, 0, 0))).toBe(dayjs.utc(Date.UTC(9999, 11, 31, 16, 0, 0)).add(8, 'hour').format('YYYY-MM-DD HH:mm:ss'));
  });
});
