import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_PNG, signedGet, postMultipart, useAdminApp } from '../../test/fixtures.js';

// A real 1×1 PNG and the start of a real JPEG (file-type reads the magic bytes).
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]);

describe('image upload', () => {
  const ctx = useAdminApp({ dataDir: true });

  /** Multipart like the browser: signed over the query (the token signed from its header), the form holds the file only. */
  function upload(file: { name: string; data: Buffer; type?: string }, prefixPath = `${ctx.companyId}/routine`, extra: Record<string, string> = {}) {
    return postMultipart<string>(ctx.t, '/online/common/upload/createOnlineFile', { token: ctx.admin, query: { prefixPath, biz: 'avatar', ...extra }, file: { ...file, type: file.type ?? 'image/png' } });
  }

  const filesOnDisk = () => (fs.existsSync(ctx.dataDir) ? fs.readdirSync(ctx.dataDir, { recursive: true }).map(String).filter((f) => /\.(png|jpg|gif|webp|html|svg|js)$/.test(f)) : []);

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

  it('an unsigned upload is refused before anything is stored', async () => {
    const before = filesOnDisk().length;
    const form = new FormData();
    form.append('file', new Blob([TEST_PNG], { type: 'image/png' }), 'a.png');
    const res = await ctx.t.app.inject({ method: 'POST', url: `/online/common/upload/createOnlineFile?prefixPath=${ctx.companyId}/routine`, payload: form, headers: { 'x-access-token': ctx.admin } });
    expect(res.json()).toMatchObject({ code: '101', message: '签名校验失败' });
    expect(filesOnDisk().length).toBe(before);
  });
});
