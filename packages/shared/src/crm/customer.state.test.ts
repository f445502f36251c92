import { describe, expect, it } from 'vitest';
import { customerMachine } from './customer.state.js';

describe('customerMachine', () => {
  it('walks the journey from 意向客户 to 已退房已结账', () => {
    const events = ['contractSaved', 'contractAudited', 'roomBooked', 'checkIn', 'checkOut', 'settle'] as const;
    let status: Parameters<typeof customerMachine.move>[0] = 'intention';
    const seen: string[] = [];
    for (const event of events) {
      const move = customerMachine.move(status, event);
      if (!move.ok) throw new Error(move.message);
      status = move.to;
      seen.push(status);
    }
    expect(seen).toEqual(['contract_unaudited', 'contract_audited', 'room_booked', 'checked_in', 'checked_out_unsettled', 'checked_out_settled']);
  });

  it('refuses a check-in before a room is booked, naming her status', () => {
    expect(customerMachine.move('contract_audited', 'checkIn')).toEqual({ ok: false, message: expect.stringContaining('已签合同未入住') });
  });

  it('voids back to 意向客户 only before check-in', () => {
    expect(customerMachine.can('room_booked', 'contractVoided')).toBe(true);
    expect(customerMachine.can('checked_in', 'contractVoided')).toBe(false);
  });
});
