import { describe, expect, it } from 'vitest';
import { greeting, greetingForHour } from './greeting';

describe('greetingForHour', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('hour %i → %s', (hour, text) => {
    expect(greetingForHour(hour)).toBe(text);
  });
});

describe('greeting', () => {
  it('reads the local hour of the given moment', () => {
    expect(greeting(new Date(2024, 0, 1, 8, 59, 59))).toBe('早上好');
    expect(greeting(new Date(2024, 0, 1, 9, 0, 0))).toBe('上午好');
    expect(greeting(new Date(2024, 0, 1, 11, 59, 59))).toBe('上午好');
    expect(greeting(new Date(2024, 0, 1, 13, 59, 59))).toBe('中午好');
    expect(greeting(new Date(2024, 0, 1, 19, 59, 59))).toBe('下午好');
    expect(greeting(new Date(2024, 0, 1, 20, 0, 0))).toBe('晚上好');
  });
});
