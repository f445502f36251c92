import dayjs, { type Dayjs } from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * Form.Item props that keep a date or date-time as the text the contracts speak (`YYYY-MM-DD`,
 * `YYYY-MM-DD HH:mm`) while a DatePicker edits it as a Dayjs.
 */
export function textDateProps(format: string) {
  return {
    getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
    normalize: (value: Dayjs | null) => (value ? value.format(format) : null),
  };
}

/** A server time `YYYY-MM-DD HH:mm:ss` shown to the minute. */
export function toMinute(value: string | null | undefined): string {
  return value ? value.slice(0, 16) : '-';
}

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** Now as the server writes times (Asia/Shanghai wall time, `YYYY-MM-DD HH:mm:ss`), for comparisons. */
export function shanghaiNow(now = Date.now()): string {
  return new Date(now + SHANGHAI_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}
