import { describe, expect, it } from 'vitest';
import { ORDER_EVENTS, ORDER_STATUSES, orderMachine } from './order.state.js';

describe('orderMachine', () => {
  it('moves 草稿 → 待审核/已确认 → 已入住 → 已退房 → 已结账, 驳回 back to 草稿, 取消 before check-in only', () => {
    const moves = ORDER_STATUSES.flatMap((from) => ORDER_EVENTS.filter((e) => orderMachine.can(from, e)).map((e) => `${from}-${e}->${String((orderMachine.move(from, e) as { to: string }).to)}`));
    expect(moves.sort()).toEqual(
      [
        'draft-confirm->confirmed',
        'draft-submitForApproval->pending_audit',
        'pending_audit-approve->confirmed',
        'pending_audit-reject->draft',
        'confirmed-checkIn->checked_in',
        'checked_in-checkOut->checked_out',
        'checked_out-settle->settled',
        'draft-cancel->cancelled',
        'pending_audit-cancel->cancelled',
        'confirmed-cancel->cancelled',
      ].sort(),
    );
  });

  it('refuses naming the current status', () => {
    expect(orderMachine.move('checked_in', 'cancel')).toEqual({ ok: false, message: '订单当前状态为「已入住」，不能取消' });
    expect(orderMachine.move('draft', 'approve')).toEqual({ ok: false, message: '订单当前状态为「草稿」，不能审批通过' });
    expect(orderMachine.move('cancelled', 'confirm')).toEqual({ ok: false, message: '订单当前状态为「已取消」，不能确认' });
  });
});
