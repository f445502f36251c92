import { describe, expect, it } from 'vitest';
import { deviceFor } from './device';
import { nextHeaderVisible } from './shell-hooks';

describe('device breakpoints (spec §9)', () => {
  it('mobile below 768 px, tablet (collapsed sidebar) below 1088 px', () => {
    expect(deviceFor(767)).toBe('mobile');
    expect(deviceFor(768)).toBe('tablet');
    expect(deviceFor(800)).toBe('tablet');
    expect(deviceFor(1087)).toBe('tablet');
    expect(deviceFor(1088)).toBe('desktop');
  });
});

describe('hide header on scroll', () => {
  it('hides when scrolling down past 300 px and shows when scrolling up or near the top', () => {
    expect(nextHeaderVisible(250, 400)).toBe(false);
    expect(nextHeaderVisible(100, 200)).toBe(true);
    expect(nextHeaderVisible(800, 700)).toBe(true);
  });
});
