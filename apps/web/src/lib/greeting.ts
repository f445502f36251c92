/**
 * The greeting of the hour (spec §1): before 9 早上好; until 11 上午好; until 13 中午好; before 20
 * 下午好; otherwise 晚上好. "Until" includes the hour itself (11:59 is still 上午好).
 */
export function greetingForHour(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

/** The greeting for a moment in the browser's local time. */
export function greeting(now: Date = new Date()): string {
  return greetingForHour(now.getHours());
}
