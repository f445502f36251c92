import { describe, expect, it } from 'vitest';
import { serviceOrderMachine, SERVICE_ORDER_EVENTS, SERVICE_ORDER_STATUSES } from './service-order.state.js';

describe('serviceOrderMachine', () => {
  it('moves 待派工 → 已派工 → 服务中 → 已完成, cancels any open one, re-dispatches until started', () => {
    const moves = SERVICE_ORDER_STATUSES.flatMap((from) =>
      SERVICE_ORDER_EVENTS.filter((e) => serviceOrderMachine.can(from, e)).map((e) => `${from}-${e}->${String((serviceOrderMachine.move(from, e) as { to: string }).to)}`),
    );
    expect(moves.sort()).toEqual(
      [
        'pending-dispatch->dispatched',
        'dispatched-dispatch->dispatched',
        'dispatched-start->in_service',
        'in_service-complete->completed',
        'pending-cancel->cancelled',
        'dispatched-cancel->cancelled',
        'in_service-cancel->cancelled',
      ].sort(),
    );
  });

  it('refuses naming the current status', () => {
    expect(serviceOrderMachine.move('pending', 'complete')).toEqual({ ok: false, message: '服务单当前状态为「待派工」，不能完成服务' });
    expect(serviceOrderMachine.move('completed', 'cancel')).toEqual({ ok: false, message: '服务单当前状态为「已完成」，不能取消' });
    expect(serviceOrderMachine.move('cancelled', 'dispatch')).toEqual({ ok: false, message: '服务单当前状态为「已取消」，不能派工' });
    expect(serviceOrderMachine.move('in_service', 'start')).toEqual({ ok: false, message: '服务单当前状态为「服务中」，不能开始服务' });
  });
});
