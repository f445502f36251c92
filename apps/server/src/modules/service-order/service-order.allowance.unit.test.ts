import { describe, expect, it } from 'vitest';
import { ServiceOrderText } from '@care/shared';
import { allowanceItems, allowanceStart, packageRefusal, snapshotItems } from './service-order.allowance.js';

describe('package allowance', () => {
  const items = snapshotItems({
    items: [
      { serviceItem: 'postpartum_recovery', onDemand: false, quantity: 10, validDays: null },
      { serviceItem: 'lactation', onDemand: true, quantity: null, validDays: 28 },
      { serviceItem: 'baby_swim', onDemand: false, quantity: 5, validDays: 3 },
    ],
  });

  it('counts used and remaining per item; 按需 has no total; validity ends validDays - 1 days after the start', () => {
    const used = new Map([['postpartum_recovery', 10], ['lactation', 40]]);
    expect(allowanceItems(items, used, '2026-11-30')).toEqual([
      { serviceItem: 'postpartum_recovery', onDemand: false, total: 10, used: 10, remaining: 0, validDays: null, validUntil: null },
      { serviceItem: 'lactation', onDemand: true, total: null, used: 40, remaining: null, validDays: 28, validUntil: '2026-12-27' },
      { serviceItem: 'baby_swim', onDemand: false, total: 5, used: 0, remaining: 5, validDays: 3, validUntil: '2026-12-02' },
    ]);
    expect(allowanceItems(items, new Map(), null)[2]!.validUntil).toBeNull();
    expect(snapshotItems(null)).toEqual([]);
  });

  it('starts from the check-in day in Shanghai, else the planned check-in', () => {
    expect(allowanceStart({ checked_in_at: new Date('2026-11-30T17:00:00Z'), planned_check_in: '2026-11-20' })).toBe('2026-12-01');
    expect(allowanceStart({ checked_in_at: null, planned_check_in: '2026-11-20' })).toBe('2026-11-20');
  });

  it('refuses past the total, past the validity, or an item not in the package; 按需 never runs out', () => {
    const [recovery, lactation, swim] = allowanceItems(items, new Map([['postpartum_recovery', 9]]), '2026-11-30');
    expect(packageRefusal(recovery, 1, '2026-12-01', '产后修复')).toBeNull();
    expect(packageRefusal(recovery, 2, '2026-12-01', '产后修复')).toBe(ServiceOrderText.usedUp('产后修复', 9, 10));
    expect(packageRefusal({ ...recovery!, used: 10 }, 1, '2026-12-01', '产后修复')).toBe('套餐内「产后修复」已用完（10/10次），如需继续请按加购下单');
    expect(packageRefusal(lactation, 99, '2026-12-27', '催乳')).toBeNull();
    expect(packageRefusal(swim, 1, '2026-12-02', '游泳')).toBeNull();
    expect(packageRefusal(swim, 1, '2026-12-03', '游泳')).toBe(ServiceOrderText.expired('游泳', '2026-12-02'));
    expect(packageRefusal(undefined, 1, '2026-12-01', '满月照')).toBe(ServiceOrderText.notInPackage('满月照'));
  });
});
