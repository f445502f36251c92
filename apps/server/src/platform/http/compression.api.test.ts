import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';

const unsignedPublic = { access: 'public', signature: false } as const;
const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `客户${i}` })) };

describe('compressed answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (app) => {
        app.get('/test/json-big', { config: unsignedPublic }, async () => big);
        app.get('/test/json-small', { config: unsignedPublic }, async () => ({ hello: 'world' }));
      },
    });
    // What the web build writes beside each asset (vite.config.ts precompress): distinct bytes, so
    // the test sees which file went out.
    const asset = path.join(t.config.webDist, 'assets', 'index-abc123.js');
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(Buffer.from('console.log("app") // br')));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(Buffer.from('console.log("app") // gz')));
  });
  afterAll(() => t?.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('compresses JSON above the threshold with brotli, or gzip when that is all the client takes', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const br = await get('/test/json-big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(big);

    const gz = await get('/test/json-big', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('sends small JSON and answers to clients without Accept-Encoding as they are', async () => {
    const small = await get('/test/json-small', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ hello: 'world' });
    const plain = await get('/test/json-big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
  });

  it('sends the precompressed copy of a static asset the client prefers, with Vary', async () => {
    const br = await get('/app/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe('console.log("app") // br');

    const gz = await get('/app/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe('console.log("app") // gz');

    const plain = await get('/app/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('compresses a page without a precompressed copy (the stand-in index.html) on the fly', async () => {
    const res = await get('/app/user/login', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('<div id="root">');
    expect((await get('/app/user/login')).body).toContain('<div id="root">');
  });

  it('never inflates a compressed request body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/online/user/getCodeLogin',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(Buffer.from(JSON.stringify(t.signed({ username: 'admin', password: 'x' })))),
    });
    expect(res.statusCode).toBe(400);
  });
});
