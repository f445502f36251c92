import { describe, expect, it } from 'vitest';
import { matchNurses, periodPriceCents, workedDaysIn, type MatchNurseInput } from './nurse-match.js';

const nurse = (nurseNo: string, over: Partial<MatchNurseInput> = {}): MatchNurseInput => ({
  id: `id-${nurseNo}`,
  nurseNo,
  name: `月嫂${nurseNo}`,
  level: 'middle',
  practiceType: 'confinement_nurse',
  serviceType: 'home',
  status: 'active',
  storeId: 's1',
  price26Days: '12000.00',
  skills: ['newborn_care'],
  rating: null,
  ratingCount: 0,
  healthCertExpiry: '2027-01-01',
  insuranceExpiry: '2027-01-01',
  ...over,
});

// A 26-day job from 03-01: busy [03-01, 03-27), last day of service 03-26.
const criteria = { startDate: '2026-03-01', days: 26, serviceType: 'home', minLevel: 'middle', budget: '15000', skills: ['newborn_care'] };

describe('nurse matching', () => {
  const nurses = [
    nurse('N01', { level: 'senior', price26Days: '13000.00', rating: '4.50', ratingCount: 3, skills: ['newborn_care', 'lactation'] }),
    nurse('N02', { rating: '5.00', ratingCount: 1 }),
    nurse('N03', { rating: '5.00', ratingCount: 1 }),
    nurse('N04'),
    nurse('N05'),
    nurse('N06', { level: 'junior' }),
    nurse('N07', { price26Days: '18000.00' }),
    nurse('N08', { skills: ['lactation'] }),
    nurse('N09', { healthCertExpiry: '2026-03-20', insuranceExpiry: '2026-03-26' }),
    nurse('N10', { status: 'left', level: 'junior' }),
    nurse('N11', { serviceType: 'center', status: 'resting' }),
    nurse('N12', { practiceType: 'nanny' }),
  ];
  const busy = [
    // Ends on the first day (exclusive): no clash.
    { nurseId: 'id-N01', assignmentNo: 'PG0', from: '2026-02-01', to: '2026-03-01' },
    { nurseId: 'id-N04', assignmentNo: 'PG1', from: '2026-02-20', to: '2026-03-03' },
    // Starts on the 下户 day: no clash.
    { nurseId: 'id-N02', assignmentNo: 'PG2', from: '2026-03-27', to: '2026-04-10' },
  ];
  const leaves = [
    { nurseId: 'id-N05', startDate: '2026-03-25', endDate: '2026-03-28', reason: '家事' },
    // Ends the day before: no clash.
    { nurseId: 'id-N01', startDate: '2026-02-27', endDate: '2026-02-28', reason: '' },
  ];
  const result = matchNurses({ ...criteria, practiceType: 'confinement_nurse' }, { nurses, busy, leaves, workedDays: { 'id-N01': 30, 'id-N02': 0, 'id-N03': 0 } });
  const reasonsOf = (no: string) => result.excluded.find((n) => n.nurseNo === no)?.reasons.map((r) => r.text);

  it('leaves a nurse out with every reason that applies', () => {
    expect(result.period).toEqual({ from: '2026-03-01', to: '2026-03-27' });
    expect(result.excluded.map((n) => n.nurseNo)).toEqual(['N04', 'N05', 'N06', 'N07', 'N08', 'N09', 'N10', 'N11', 'N12']);
    expect(reasonsOf('N04')).toEqual(['已有派工「PG1」（02-20 至 03-02）']);
    expect(reasonsOf('N05')).toEqual(['请假 03-25 至 03-28（家事）']);
    expect(reasonsOf('N06')).toEqual(['等级「初级」低于要求「中级」']);
    expect(reasonsOf('N07')).toEqual(['26天报价 ¥18000.00 超出预算 ¥15000.00']);
    expect(reasonsOf('N08')).toEqual(['缺少技能：新生儿护理']);
    // The insurance runs to the last day of service: only the health certificate excludes.
    expect(reasonsOf('N09')).toEqual(['健康证 2026-03-20 到期，早于服务结束（2026-03-26）']);
    expect(reasonsOf('N10')).toEqual(['已离职', '等级「初级」低于要求「中级」']);
    expect(reasonsOf('N11')).toEqual(['休息中', '服务方式为「会所」，需要「到家」']);
    expect(reasonsOf('N12')).toEqual(['从业类型为「育儿嫂」，需要「月嫂」']);
    expect(result.excluded.every((n) => n.reasons.every((r) => r.points === undefined))).toBe(true);
  });

  it('ranks the rest by a score whose parts are the reasons, ties by nurse no', () => {
    expect(result.candidates.map((n) => [n.nurseNo, n.score])).toEqual([
      ['N01', 55],
      ['N02', 54],
      ['N03', 54],
    ]);
    const [first, second] = result.candidates;
    expect(first!.reasons.map((r) => [r.code, r.text, r.points])).toEqual([
      ['level', '等级「高级」高于要求 1 级', 10],
      ['rating', '评分 4.50（3条评价）', 27],
      ['price', '报价 ¥13000.00 在预算内（低 13%）', 2.7],
      ['extra_skills', '另有技能：催乳', 2],
      ['workload', '近90天上户 30 天', 13.3],
    ]);
    expect(first!.periodPrice).toBe('13000.00');
    expect(second!.reasons.map((r) => r.points)).toEqual([0, 30, 4, 0, 20]);
    expect(second!.reasons.find((r) => r.code === 'extra_skills')?.text).toBe('无额外技能');
  });

  it('ranks without a budget or a minimum level; an unrated nurse scores no rating', () => {
    const r = matchNurses({ startDate: '2026-03-01', days: 10 }, { nurses: [nurse('A', { level: 'gold' }), nurse('B', { level: 'junior', rating: '4.00', ratingCount: 2 })], busy: [], leaves: [] });
    expect(r.candidates.map((n) => [n.nurseNo, n.score])).toEqual([
      ['A', 52],
      ['B', 46],
    ]);
    expect(r.candidates[0]!.reasons.map((x) => x.code)).toEqual(['level', 'rating', 'extra_skills', 'workload']);
    expect(r.candidates[0]!.reasons[1]).toEqual({ code: 'rating', text: '暂无评分', points: 0 });
    expect(r.candidates[0]!.reasons[0]!.text).toBe('等级「金牌」');
  });

  it('names every clashing assignment and leave, and uses the labels given', () => {
    const r = matchNurses(
      { startDate: '2026-03-01', days: 26, skills: ['x', 'newborn_care', 'y'] },
      {
        nurses: [nurse('A', { skills: [] })],
        busy: [
          { nurseId: 'id-A', assignmentNo: 'PG1', from: '2026-02-25', to: '2026-03-02' },
          { nurseId: 'id-A', assignmentNo: 'PG2', from: '2026-03-20', to: '2026-04-20' },
        ],
        leaves: [{ nurseId: 'id-A', startDate: '2026-03-26', endDate: '2026-03-26', reason: '' }],
        labels: { skill: { x: '技能X' } },
      },
    );
    expect(r.excluded[0]!.reasons.map((x) => x.text)).toEqual(['已有派工「PG1」（02-25 至 03-01）', '已有派工「PG2」（03-20 至 04-19）', '请假 03-26 至 03-26', '缺少技能：技能X、新生儿护理、y']);
  });

  it('prices the period from the 26-day price, to the cent, and counts days worked in a window', () => {
    expect(periodPriceCents('13000', 26)).toBe(1_300_000);
    expect(periodPriceCents('10000', 1)).toBe(38_462);
    // A budget equal to the price is within it.
    const r = matchNurses({ startDate: '2026-03-01', days: 13, budget: '6000' }, { nurses: [nurse('A')], busy: [], leaves: [] });
    expect(r.candidates[0]!.periodPrice).toBe('6000.00');
    expect(r.candidates[0]!.reasons.find((x) => x.code === 'price')).toEqual({ code: 'price', text: '报价 ¥6000.00 在预算内（低 0%）', points: 0 });
    expect(
      workedDaysIn(
        [
          { nurseId: 'a', from: '2025-11-20', to: '2025-12-10' },
          { nurseId: 'a', from: '2026-02-20', to: '2026-03-05' },
          { nurseId: 'b', from: '2026-01-01', to: '2026-01-02' },
        ],
        '2025-12-01',
        '2026-03-01',
      ),
    ).toEqual({ a: 9 + 9, b: 1 });
  });
});
