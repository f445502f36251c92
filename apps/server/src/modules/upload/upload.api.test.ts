import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { TEST_PNG, signedGet, postMultipart, useAdminApp } from '../../test/fixtures.js';

// A real 1×1 PNG and the start of a real JPEG (file-type reads the magic bytes).
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]);
// Documents for a 文件 field: a minimal PDF, an old Office (compound) file header, UTF-8 CSV.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const CSV = Buffer.from('耗材,数量\n纸尿裤,20\n', 'utf8');
async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('耗材').addRow(['纸尿裤', 20]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('image upload', () => {
  const ctx = useAdminApp({ dataDir: true });

  /** Multipart like the browser: signed over the query (the token signed from its header), the form holds the file only. */
  function upload(file: { name: string; data: Buffer; type?: string }, prefixPath = `${ctx.companyId}/routine`, extra: Record<string, string> = {}) {
    return postMultipart<string>(ctx.t, '/online/common/upload/createOnlineFile', { token: ctx.admin, query: { prefixPath, biz: 'avatar', ...extra }, file: { ...file, type: file.type ?? 'image/png' } });
  }

  const filesOnDisk = () => (fs.existsSync(ctx.dataDir) ? fs.readdirSync(ctx.dataDir, { recursive: true }).map(String).filter((f) => /\.(png|jpg|gif|webp|html|svg|js|pdf|xlsx|docx|doc|csv|txt|exe)$/.test(f)) : []);

  it('stores a PNG and a JPEG under {companyId}/routine with server-made names and returns the path as message', async () => {
    const png = await upload({ name: 'avatar.png', data: TEST_PNG });
    expect(png.body).toMatchObject({ success: true, code: '0' });
    expect(png.body.message).toMatch(new RegExp(`^${ctx.companyId}/routine/\\d{8}/[0-9a-f-]{36}\\.png$`));
    const jpg = await upload({ name: 'photo.JPG', data: JPEG, type: 'image/jpeg' });
    expect(jpg.body.message).toMatch(/\.jpg$/);
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', png.body.message))).toBe(true);
  });

  it('serves a stored file back to a signed-in user, with nosniff and a disposition', async () => {
    const { body } = await upload({ name: 'a.png', data: TEST_PNG });
    const res = await signedGet(ctx.t, `/online/common/file/${body.message}`, ctx.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]{36}\.png"$/);
    expect(Buffer.compare(res.rawPayload, TEST_PNG)).toBe(0);
    const anonymous = await ctx.t.app.inject({ method: 'GET', url: `/online/common/file/${body.message}`, query: ctx.t.signed({}) as Record<string, string> });
    expect(anonymous.json().code).toBe('302');
  });

  it.each([
    ['an HTML page', { name: 'x.html', data: Buffer.from('<html><script>alert(1)</script></html>'), type: 'text/html' }],
    ['an SVG with script', { name: 'x.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml' }],
    ['a script with a PNG extension', { name: 'evil.png', data: Buffer.from('console.log("pwned")'), type: 'image/png' }],
    ['a PNG with a script extension', { name: 'evil.js', data: TEST_PNG, type: 'image/png' }],
  ])('refuses %s with 请上传图片 and writes nothing', async (_n, file) => {
    const before = filesOnDisk().length;
    const res = await upload(file);
    expect(res.body).toMatchObject({ success: false, code: '101', message: '请上传图片' });
    expect(filesOnDisk().length).toBe(before);
  });

  it.each([`../../etc`, `${'x'}/routine`, `${'00000000-0000-0000-0000-000000000000'}/routine`, `COMPANY/../../routine`])(
    'refuses prefixPath %s and writes nothing outside the upload folder',
    async (prefix) => {
      const before = filesOnDisk().length;
      const parentBefore = fs.readdirSync(path.dirname(ctx.dataDir)).length;
      const res = await upload({ name: 'a.png', data: TEST_PNG }, prefix.replace('COMPANY', ctx.companyId));
      expect(res.body).toMatchObject({ success: false, message: '上传目录不合法' });
      expect(filesOnDisk().length).toBe(before);
      expect(fs.readdirSync(path.dirname(ctx.dataDir)).length).toBe(parentBefore);
    },
  );

  it('a `..` in the biz field or the file name changes nothing about where it goes', async () => {
    const res = await upload({ name: '../../../../tmp/escape.png', data: TEST_PNG }, `${ctx.companyId}/routine`, { folder: '../..' });
    expect(res.body.message).toMatch(new RegExp(`^${ctx.companyId}/routine/`));
    expect(fs.existsSync('/tmp/escape.png')).toBe(false);
  });

  it('refuses a body over the size cap', async () => {
    const res = await upload({ name: 'big.png', data: Buffer.concat([TEST_PNG, Buffer.alloc(6 * 1024 * 1024)]) });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });

  describe('documents for a 文件 field (biz onlineFile)', () => {
    const file = (f: { name: string; data: Buffer; type?: string }) => upload({ ...f, type: f.type ?? 'application/octet-stream' }, `${ctx.companyId}/routine`, { biz: 'onlineFile' });

    it('stores PDF, Excel, old Office and CSV files and serves them back as downloads', async () => {
      const stored: Record<string, string> = {};
      for (const [name, data] of [['手册.pdf', PDF], ['耗材.xlsx', await xlsx()], ['记录.doc', CFB], ['清单.csv', CSV], ['a.png', TEST_PNG]] as const) {
        const res = await file({ name, data });
        expect(res.body, name).toMatchObject({ success: true });
        stored[name.split('.').pop()!] = res.body.message;
      }
      expect(Object.values(stored).map((p) => p.split('.').pop())).toEqual(['pdf', 'xlsx', 'doc', 'csv', 'png']);
      const pdf = await signedGet(ctx.t, `/online/common/file/${stored.pdf}`, ctx.admin);
      expect([pdf.statusCode, pdf.headers['content-type'], pdf.headers['x-content-type-options']]).toEqual([200, 'application/pdf', 'nosniff']);
      expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f-]{36}\.pdf"$/);
      expect(Buffer.compare(pdf.rawPayload, PDF)).toBe(0);
      const csv = await signedGet(ctx.t, `/online/common/file/${stored.csv}`, ctx.admin);
      expect([csv.headers['content-type'], csv.rawPayload.toString('utf8')]).toEqual(['text/csv; charset=utf-8', CSV.toString('utf8')]);
      expect((await signedGet(ctx.t, `/online/common/file/${stored.png}`, ctx.admin)).headers['content-disposition']).toMatch(/^inline;/);
    });

    it.each([
      ['text named .pdf', { name: 'fake.pdf', data: Buffer.from('not a pdf at all') }],
      ['an Excel file named .docx', { name: 'x.docx', data: null }],
      ['a Windows program', { name: 'setup.exe', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) }],
      ['binary bytes named .txt', { name: 'x.txt', data: TEST_PNG }],
      ['an HTML page', { name: 'x.html', data: Buffer.from('<html><script>alert(1)</script></html>') }],
      ['an SVG with script', { name: 'x.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }],
    ])('refuses %s with the kinds it takes and writes nothing', async (_n, f) => {
      const before = filesOnDisk().length;
      const res = await file({ name: f.name, data: f.data ?? (await xlsx()) });
      expect(res.body).toMatchObject({ success: false, code: '101', message: '请上传图片、PDF、Word、Excel、PowerPoint、TXT或CSV文件' });
      expect(filesOnDisk().length).toBe(before);
    });

    it('any other biz still takes images only', async () => {
      expect((await upload({ name: '手册.pdf', data: PDF, type: 'application/pdf' })).body).toMatchObject({ success: false, message: '请上传图片' });
    });
  });

  it('an unsigned upload is refused before anything is stored', async () => {
    const before = filesOnDisk().length;
    const form = new FormData();
    form.append('file', new Blob([TEST_PNG], { type: 'image/png' }), 'a.png');
    const res = await ctx.t.app.inject({ method: 'POST', url: `/online/common/upload/createOnlineFile?prefixPath=${ctx.companyId}/routine`, payload: form, headers: { 'x-access-token': ctx.admin } });
    expect(res.json()).toMatchObject({ code: '101', message: '签名校验失败' });
    expect(filesOnDisk().length).toBe(before);
  });
});
