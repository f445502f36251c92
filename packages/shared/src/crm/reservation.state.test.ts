import { describe, expect, it } from 'vitest';
import { canMoveVisit, moveVisit, VISIT_STATUSES, type VisitEvent } from './reservation.state.js';

describe('visit state machine', () => {
  it('moves 待到店 to 已到店, 未到店 or 已取消, and keeps it on edit', () => {
    expect(moveVisit('pending', 'arrive')).toEqual({ ok: true, status: 'arrived' });
    expect(moveVisit('pending', 'noShow')).toEqual({ ok: true, status: 'no_show' });
    expect(moveVisit('pending', 'cancel')).toEqual({ ok: true, status: 'cancelled' });
    expect(moveVisit('pending', 'edit')).toEqual({ ok: true, status: 'pending' });
  });

  it('refuses every event on an ended visit, naming its status', () => {
    const events: VisitEvent[] = ['edit', 'arrive', 'noShow', 'cancel'];
    for (const status of VISIT_STATUSES.filter((s) => s !== 'pending')) {
      for (const event of events) {
        expect(canMoveVisit(status, event)).toBe(false);
        expect(moveVisit(status, event).ok).toBe(false);
      }
    }
    expect(moveVisit('arrived', 'cancel')).toEqual({ ok: false, message: '预约当前状态为「已到店」，不能取消' });
    expect(moveVisit('cancelled', 'arrive')).toEqual({ ok: false, message: '预约当前状态为「已取消」，不能标记为已到店' });
    expect(moveVisit('no_show', 'edit')).toEqual({ ok: false, message: '预约当前状态为「未到店」，不能修改' });
  });
});
