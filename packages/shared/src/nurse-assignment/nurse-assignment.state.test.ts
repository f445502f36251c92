import { describe, expect, it } from 'vitest';
import { nurseAssignmentBusy, nurseAssignmentMachine as m } from './nurse-assignment.state.js';

describe('nurseAssignmentMachine', () => {
  it('审核 → 上户 → 下户; only a job not begun is cancelled', () => {
    expect(m.move('pending_audit', 'audit')).toMatchObject({ ok: true, to: 'dispatched' });
    expect(m.move('dispatched', 'start')).toMatchObject({ ok: true, to: 'in_service' });
    expect(m.move('in_service', 'finish')).toMatchObject({ ok: true, to: 'completed' });
    expect(m.move('pending_audit', 'cancel')).toMatchObject({ ok: true, to: 'cancelled' });
    expect(m.move('dispatched', 'cancel')).toMatchObject({ ok: true, to: 'cancelled' });
    expect(m.move('in_service', 'cancel')).toMatchObject({ ok: false, message: '派工单当前状态为「服务中」，不能取消' });
    expect(m.move('pending_audit', 'start')).toMatchObject({ ok: false, message: '派工单当前状态为「待审核」，不能上户' });
    expect(m.move('completed', 'finish').ok).toBe(false);
  });
});

describe('nurseAssignmentBusy (as SQL nurse_assignment_busy)', () => {
  const a = { startDate: '2030-03-01', endDate: '2030-03-27', actualStart: null, actualEnd: null };
  it('holds the planned days until finished, the actual ones once finished, none when cancelled', () => {
    expect(nurseAssignmentBusy({ ...a, status: 'pending_audit' })).toEqual({ from: '2030-03-01', to: '2030-03-27' });
    expect(nurseAssignmentBusy({ ...a, status: 'in_service', actualStart: '2030-03-03' })).toEqual({ from: '2030-03-03', to: '2030-03-27' });
    expect(nurseAssignmentBusy({ ...a, status: 'completed', actualStart: '2030-03-03', actualEnd: '2030-03-10' })).toEqual({ from: '2030-03-03', to: '2030-03-10' });
    // 上户 and 下户 the same day still hold that day.
    expect(nurseAssignmentBusy({ ...a, status: 'completed', actualStart: '2030-03-03', actualEnd: '2030-03-03' })).toEqual({ from: '2030-03-03', to: '2030-03-04' });
    expect(nurseAssignmentBusy({ ...a, status: 'cancelled' })).toBeNull();
  });
});
