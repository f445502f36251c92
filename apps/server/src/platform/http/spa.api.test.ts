import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_GLOBAL } from '@care/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('SPA serving under /app/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers index.html, never cached, for /app/ and any deep path', async () => {
    const root = await get('/app/');
    const deep = await get('/app/any/deep/path?x=1');
    const login = await get('/app/user/login');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toMatch(/text\/html/);
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(deep.body).toBe(root.body);
    expect(login.body).toBe(root.body);
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect((await get('/app/index.html')).headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets cached for a year, and a missing asset is a real 404', async () => {
    const asset = await get('/app/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toContain('console.log');
    expect((await get('/app/assets/missing-123.js')).statusCode).toBe(404);
  });

  it('never serves a file outside the build', async () => {
    for (const url of ['/app/../package.json', '/app/%2e%2e/%2e%2e/package.json', '/app/assets/..%2f..%2fpackage.json']) {
      const res = await get(url);
      expect(res.body).not.toContain('"name"');
    }
  });

  it('redirects / and /app to /app/', async () => {
    for (const url of ['/', '/app']) {
      const res = await get(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/app/');
    }
  });

  it('hands the browser its runtime config, never cached', async () => {
    const res = await get('/app/runtime-config.js');
    expect(res.headers['cache-control']).toBe('no-store');
    const match = new RegExp(`^window\\.${RUNTIME_CONFIG_GLOBAL} = (.*);\\n$`).exec(res.body);
    expect(JSON.parse(match![1]!)).toEqual({ appId: t.config.appId, siteId: t.config.siteId, secret: t.config.appSecret, signAlgorithm: 'sha256' });
  });
});
