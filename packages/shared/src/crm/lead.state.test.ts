import { describe, expect, it } from 'vitest';
import { canMoveLead, LEAD_STATUSES, moveLead, type LeadEvent, type LeadStatus } from './lead.state.js';

describe('lead state machine', () => {
  it('a follow-up moves 待跟进 to 跟进中 and keeps later open states', () => {
    expect(moveLead('pending', 'followUp')).toEqual({ ok: true, status: 'following' });
    expect(moveLead('following', 'followUp')).toEqual({ ok: true, status: 'following' });
    expect(moveLead('visit_booked', 'followUp')).toEqual({ ok: true, status: 'visit_booked' });
  });

  it('a visit can be booked from 待跟进 and 跟进中; conversion, loss and invalidity close an open lead', () => {
    expect(moveLead('pending', 'bookVisit')).toEqual({ ok: true, status: 'visit_booked' });
    expect(moveLead('following', 'bookVisit')).toEqual({ ok: true, status: 'visit_booked' });
    for (const from of ['pending', 'following', 'visit_booked'] as const) {
      expect(moveLead(from, 'convert')).toEqual({ ok: true, status: 'converted' });
      expect(moveLead(from, 'lose')).toEqual({ ok: true, status: 'lost' });
      expect(moveLead(from, 'invalidate')).toEqual({ ok: true, status: 'invalid' });
    }
  });

  it('ownership moves keep the status', () => {
    for (const event of ['assign', 'transfer', 'release', 'claim', 'edit'] as const) {
      for (const from of ['pending', 'following', 'visit_booked'] as const) expect(moveLead(from, event)).toEqual({ ok: true, status: from });
    }
  });

  it('a closed lead refuses every event, naming its status and the action', () => {
    const events: LeadEvent[] = ['edit', 'followUp', 'bookVisit', 'convert', 'lose', 'invalidate', 'assign', 'transfer', 'release', 'claim'];
    for (const closed of ['converted', 'lost', 'invalid'] as const) {
      for (const event of events) {
        expect(canMoveLead(closed, event)).toBe(false);
        expect(moveLead(closed, event).ok).toBe(false);
      }
    }
    expect(moveLead('lost', 'followUp')).toEqual({ ok: false, message: '线索当前状态为「已流失」，不能添加跟进记录' });
    expect(moveLead('converted', 'lose')).toEqual({ ok: false, message: '线索当前状态为「已转化」，不能标记为已流失' });
    expect(moveLead('invalid', 'claim')).toEqual({ ok: false, message: '线索当前状态为「无效」，不能领取' });
  });

  it('never moves backwards to 待跟进', () => {
    for (const from of LEAD_STATUSES) {
      for (const event of ['followUp', 'bookVisit', 'convert', 'lose', 'invalidate'] as const) {
        const move = moveLead(from as LeadStatus, event);
        if (move.ok) expect(move.status).not.toBe('pending');
      }
    }
  });
});
