import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@care/shared';
import { recordMapper } from './records.js';

interface Visit { id: string; leadNo: string; dueDate: string | null; createdAt: string; closedAt: string | null }
const toVisit = recordMapper<Visit>();

describe('recordMapper', () => {
  it('sends camelCase fields and instants as display text, date columns as they came', () => {
    const at = new Date('2026-11-24T02:03:04Z');
    expect(toVisit({ id: 'v1', lead_no: 'XS001', due_date: '2027-01-05', created_at: at, closed_at: null })).toEqual({
      id: 'v1',
      leadNo: 'XS001',
      dueDate: '2027-01-05',
      createdAt: formatDateTime(at),
      closedAt: null,
    });
  });

  // Checked by `npm run typecheck`: each call below must be a type error.
  it('refuses at compile time a row that does not fit the record', () => {
    const at = new Date();
    // @ts-expect-error a selected column the record does not send (it would leak)
    toVisit({ id: 'v1', lead_no: 'XS001', due_date: null, created_at: at, closed_at: null, company_id: 'c1' });
    // @ts-expect-error a field the record needs is missing
    toVisit({ id: 'v1', lead_no: 'XS001', due_date: null, created_at: at });
    // @ts-expect-error a value of another type
    toVisit({ id: 1, lead_no: 'XS001', due_date: null, created_at: at, closed_at: null });
  });
});
