import { describe, expect, it } from 'vitest';
import { toPageQuery } from './pro-table-request';

describe('toPageQuery', () => {
  it('renames the pager fields and drops cleared filters', () => {
    expect(toPageQuery({ current: 3, pageSize: 20, username: ' li ', phone: '', status: undefined })).toEqual({ pageNo: 3, pageSize: 20, username: 'li' });
  });

  it('turns the ProTable sort into column and order', () => {
    expect(toPageQuery({ current: 1, pageSize: 10 }, { createdAt: 'descend' })).toMatchObject({ column: 'createdAt', order: 'desc' });
    expect(toPageQuery({ current: 1, pageSize: 10 }, { name: null })).not.toHaveProperty('column');
  });
});
