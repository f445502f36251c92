import { describe, expect, it } from 'vitest';
import { formatBytes, formatMs, formatUptime, percent, sparklinePoints } from './monitor-view';

describe('监控页 formatting', () => {
  it('shows sizes, durations and rates as a person reads them', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(28_101_836)).toBe('26.8 MB');
    expect(formatUptime(42)).toBe('42 秒');
    expect(formatUptime(3_725)).toBe('1 小时 2 分');
    expect(formatUptime(90_061)).toBe('1 天 1 小时 1 分');
    expect(formatMs(null)).toBe('—');
    expect(formatMs(3.456)).toBe('3.46');
    expect(formatMs(45.67)).toBe('45.7');
    expect(formatMs(1234.5)).toBe('1235');
    expect(percent(0.12345)).toBe(12.35);
  });

  it('scales a sparkline to its box, the highest point at the top', () => {
    expect(sparklinePoints([0, 5, 10], 100, 50)).toBe('0.0,50.0 50.0,25.0 100.0,0.0');
    expect(sparklinePoints([null, 0], 10, 10)).toBe('0.0,10.0 10.0,10.0');
    expect(sparklinePoints([], 10, 10)).toBe('');
  });
});
