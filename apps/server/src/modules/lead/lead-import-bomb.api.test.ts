import { describe, expect, it } from 'vitest';
import { LeadImportText, type Envelope } from '@care/shared';
import { postMultipart, useAdminApp } from '../../test/fixtures.js';
import { oneEntryZip } from '../../test/zip.js';

// Issue 13, item 8: a zip whose directory declares a tiny entry that really inflates to 80 MB.
function lyingZip(): Buffer {
  return oneEntryZip('xl/worksheets/sheet1.xml', Buffer.alloc(80 * 1024 * 1024, 0x20), { deflate: true, declaredSize: 100, noCrc: true });
}

describe('lead import of a zip bomb', () => {
  const ctx = useAdminApp();

  it('answers a clear 101 without inflating it, and the server keeps answering', async () => {
    const bomb = lyingZip();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const res = await postMultipart(ctx.t, '/online/lead/importExcel', { token: ctx.admin, file: { name: 'bomb.xlsx', data: bomb } });
    expect(res.body).toMatchObject({ code: '101', message: LeadImportText.tooBig } satisfies Partial<Envelope<unknown>>);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect((await ctx.t.post('/online/api/getUserPermissionByToken', {}, { token: ctx.admin })).body.code).toBe('0');
  });
});
