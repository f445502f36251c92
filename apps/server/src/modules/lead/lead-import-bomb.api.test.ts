import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeadImportText, type Envelope } from '@care/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { postMultipart } from '../../test/fixtures.js';

// Issue 13, item 8: a zip whose directory declares a tiny entry that really inflates to 80 MB.
function lyingZip(): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const body = deflateRawSync(Buffer.alloc(80 * 1024 * 1024, 0x20));
  const declared = 100;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryAt = local.length + name.length + body.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length + name.length, 12);
  eocd.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, name, body, central, name, eocd]);
}

describe('lead import of a zip bomb', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('answers a clear 101 without inflating it, and the server keeps answering', async () => {
    const bomb = lyingZip();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const res = await postMultipart(t, '/online/lead/importExcel', { token: admin, file: { name: 'bomb.xlsx', data: bomb } });
    expect(res.body).toMatchObject({ code: '101', message: LeadImportText.tooBig } satisfies Partial<Envelope<unknown>>);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect((await t.post('/online/api/getUserPermissionByToken', {}, { token: admin })).body.code).toBe('0');
  });
});
