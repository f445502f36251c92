import { describe, expect, it } from 'vitest';
import { pieOf } from './pie-option';

const dataOf = (o: ReturnType<typeof pieOf>) => (o.series as { data: { name: string; value: number }[] }[])[0]!.data;

describe('pieOf', () => {
  const parts = [
    { name: '初级', value: 9 },
    { name: '中级', value: 14 },
    { name: '高级', value: 0 },
    { name: '金牌', value: 6 },
  ];

  it('draws the parts largest first and leaves out empty ones', () => {
    expect(dataOf(pieOf(parts, '等级分布')).map((p) => p.name)).toEqual(['中级', '初级', '金牌']);
  });

  it('keeps the given order for an ordered dimension', () => {
    expect(dataOf(pieOf(parts, '等级分布', { ordered: true })).map((p) => p.name)).toEqual(['初级', '中级', '金牌']);
  });
});
