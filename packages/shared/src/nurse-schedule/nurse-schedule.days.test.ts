import { describe, expect, it } from 'vitest';
import { countDayStates, dayState, monthBounds, nurseDays, type ScheduleWork } from './nurse-schedule.days.js';

const work = (no: string, status: string, from: string, to: string): ScheduleWork => ({ assignmentId: `id-${no}`, assignmentNo: no, status, from, to, customerName: `客户${no}` });

describe('nurse schedule day states', () => {
  it('names a day from the work and leave covering it', () => {
    expect(dayState([], [])).toBe('free');
    expect(dayState([work('A', 'pending_audit', '', '')], [])).toBe('reserved');
    expect(dayState([work('A', 'dispatched', '', '')], [])).toBe('reserved');
    expect(dayState([work('A', 'in_service', '', '')], [])).toBe('on_duty');
    expect(dayState([work('A', 'completed', '', '')], [])).toBe('on_duty');
    expect(dayState([], [{ leaveId: 'l', startDate: '', endDate: '', reason: '' }])).toBe('leave');
    expect(dayState([work('A', 'dispatched', '', '')], [{ leaveId: 'l', startDate: '', endDate: '', reason: '' }])).toBe('overlap');
  });

  it('gives a state per day and the spans of what occupies them (work to exclusive, leave inclusive)', () => {
    const days = nurseDays(
      '2026-03-01',
      '2026-03-10',
      [work('PG1', 'completed', '2026-02-20', '2026-03-03'), work('PG2', 'dispatched', '2026-03-06', '2026-03-20')],
      [
        { leaveId: 'L1', startDate: '2026-03-04', endDate: '2026-03-04', reason: '' },
        { leaveId: 'L2', startDate: '2026-03-08', endDate: '2026-03-08', reason: '家事' },
      ],
    );
    expect(days.states).toEqual(['on_duty', 'on_duty', 'free', 'leave', 'free', 'reserved', 'reserved', 'overlap', 'reserved', 'reserved']);
    expect(days.spans).toEqual([
      { state: 'on_duty', from: '2026-03-01', to: '2026-03-02', assignmentNo: 'PG1', customerName: '客户PG1', leaveReason: null },
      { state: 'leave', from: '2026-03-04', to: '2026-03-04', assignmentNo: null, customerName: null, leaveReason: '请假' },
      { state: 'reserved', from: '2026-03-06', to: '2026-03-07', assignmentNo: 'PG2', customerName: '客户PG2', leaveReason: null },
      { state: 'overlap', from: '2026-03-08', to: '2026-03-08', assignmentNo: 'PG2', customerName: '客户PG2', leaveReason: '家事' },
      { state: 'reserved', from: '2026-03-09', to: '2026-03-10', assignmentNo: 'PG2', customerName: '客户PG2', leaveReason: null },
    ]);
    expect(countDayStates([days, { states: ['free', 'leave'] }])).toEqual({ free: 3, reserved: 4, on_duty: 2, leave: 2, overlap: 1 });
  });

  it('starts a new span where one job hands over to the next on the same day', () => {
    const days = nurseDays('2026-03-01', '2026-03-04', [work('A', 'completed', '2026-02-01', '2026-03-03'), work('B', 'in_service', '2026-03-03', '2026-04-01')], []);
    expect(days.states).toEqual(['on_duty', 'on_duty', 'on_duty', 'on_duty']);
    expect(days.spans.map((s) => [s.assignmentNo, s.from, s.to])).toEqual([
      ['A', '2026-03-01', '2026-03-02'],
      ['B', '2026-03-03', '2026-03-04'],
    ]);
  });

  it('bounds a month, February and December included', () => {
    expect(monthBounds('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthBounds('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthBounds('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});
