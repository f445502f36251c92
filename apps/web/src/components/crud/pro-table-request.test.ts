import { describe, expect, it } from 'vitest';
import type { RequestClient } from '../../lib/request';
import { pageTotalText, proTableRequest, toPageQuery } from './pro-table-request';

describe('toPageQuery', () => {
  it('renames the pager fields and drops cleared filters', () => {
    expect(toPageQuery({ current: 3, pageSize: 20, username: ' li ', phone: '', status: undefined })).toEqual({ pageNo: 3, pageSize: 20, username: 'li' });
  });

  it('turns the ProTable sort into column and order', () => {
    expect(toPageQuery({ current: 1, pageSize: 10 }, { createdAt: 'descend' })).toMatchObject({ column: 'createdAt', order: 'desc' });
    expect(toPageQuery({ current: 1, pageSize: 10 }, { name: null })).not.toHaveProperty('column');
  });
});

describe('proTableRequest', () => {
  const contract = { method: 'POST', path: '/online/x/list', access: 'authenticated', result: {} } as never;

  it('answers an empty, failed page instead of rejecting when the call fails', async () => {
    const request = { call: () => Promise.reject(new Error('拒绝访问')) } as unknown as RequestClient;
    await expect(proTableRequest(request, contract)({ current: 1, pageSize: 10 })).resolves.toEqual({ data: [], total: 0, success: false });
  });

  it('does not ask the server when the list is not allowed', async () => {
    let calls = 0;
    const request = { call: () => Promise.resolve((calls++, { records: [], total: 0 })) } as unknown as RequestClient;
    await expect(proTableRequest(request, contract, { allowed: false })({ current: 1, pageSize: 10 })).resolves.toMatchObject({ data: [], success: true });
    expect(calls).toBe(0);
  });

  it('sends the page query with fixed filters and returns rows and total', async () => {
    let sent: unknown;
    const request = { call: (_c: unknown, q: unknown) => ((sent = q), Promise.resolve({ records: [{ id: 1 }], total: 7 })) } as unknown as RequestClient;
    const answer = await proTableRequest(request, contract, { extra: { departmentId: 'd1' } })({ current: 2, pageSize: 5, name: '' });
    expect(sent).toEqual({ pageNo: 2, pageSize: 5, departmentId: 'd1' });
    expect(answer).toEqual({ data: [{ id: 1 }], total: 7, success: true });
  });

  it('tells where the server stopped counting, and the pager says so and keeps the next page reachable', async () => {
    const told: (number | null)[] = [];
    const full = Array.from({ length: 20 }, (_, i) => ({ id: i }));
    const answers = [
      { records: full, total: 10_000, totalCapped: true, current: 1, size: 20 },
      { records: full, total: 10_000, totalCapped: true, current: 500, size: 20 },
      { records: full.slice(0, 3), total: 10_000, totalCapped: true, current: 501, size: 20 },
      { records: full.slice(0, 7), total: 7, current: 1, size: 20 },
    ];
    const request = { call: () => Promise.resolve(answers.shift()) } as unknown as RequestClient;
    const list = proTableRequest(request, contract, { onCapped: (cap) => told.push(cap) });
    expect((await list({ current: 1, pageSize: 20 })).total).toBe(10_000);
    // The 500th page ends at the cap: a full page promises a 501st.
    expect((await list({ current: 500, pageSize: 20 })).total).toBe(10_001);
    expect((await list({ current: 501, pageSize: 20 })).total).toBe(10_003);
    expect((await list({ current: 1, pageSize: 20 })).total).toBe(7);
    expect(told).toEqual([10_000, 10_000, 10_000, null]);
    expect(pageTotalText(10_000)(10_001, [9_981, 10_000])).toBe('第 9981-10000 条/总共 10000+ 条');
    expect(pageTotalText(null)(7, [1, 7])).toBe('第 1-7 条/总共 7 条');
  });
});
