import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_SECRETS, exposedDemoWarning, isLoopbackHost, loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to the embedded database with demo data on port 8080', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, databaseUrl: undefined, demoData: true, nonceStore: 'memory', loginCaptcha: true, signAlgorithm: 'sha256' });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.adminPassword).toBe(DEMO_SECRETS.adminPassword);
  });

  // Issue 26 item 7: the demo (published admin password) listened on every interface.
  it('listens on this machine only unless HOST is set; every interface in production; warns when the demo password is exposed', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', ADMIN_PASSWORD: 'a-real-password' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'real-secret', ADMIN_PASSWORD: 'a-real-password' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'real-secret', ADMIN_PASSWORD: 'a-real-password', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    expect(() => loadConfig({ HOST: '' })).toThrow(ConfigError);
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.10', '127.0.0.1.evil.example'].some(isLoopbackHost)).toBe(false);
    expect(exposedDemoWarning(loadConfig({}))).toBeNull();
    expect(exposedDemoWarning(loadConfig({ HOST: '0.0.0.0' }))).toContain(DEMO_SECRETS.adminPassword);
    expect(exposedDemoWarning(loadConfig({ HOST: '0.0.0.0', ADMIN_PASSWORD: 'a-real-password' }))).toBeNull();
  });

  it('shares nonces between instances when on PostgreSQL or Redis', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).nonceStore).toBe('database');
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', REDIS_URL: 'redis://h' }).nonceStore).toBe('redis');
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', NONCE_STORE: 'memory' }).nonceStore).toBe('memory');
    expect(() => loadConfig({ NONCE_STORE: 'redis' })).toThrow(ConfigError);
  });

  it('sizes the PostgreSQL pool to the cores (2 × cores + 1, at least 5) unless told', () => {
    expect(loadConfig({}).databasePoolSize).toBe(Math.max(5, 2 * os.availableParallelism() + 1));
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(ConfigError);
  });

  it('refuses to start in production with demo secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET is the demo secret/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'real-secret', ADMIN_PASSWORD: DEMO_SECRETS.adminPassword })).toThrow(/demo password/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'real-secret', DEMO_DATA: 'on' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'real-secret', BENCH_BARE_ROUTE: 'on' })).toThrow(/BENCH_BARE_ROUTE/);
    // Issue 13 item 5: the only built-in SMS sender is the log; phone sign-in stays off in production.
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'real-secret', ADMIN_PASSWORD: 'a-real-password', PHONE_LOGIN: 'on' })).toThrow(/PHONE_LOGIN/);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'real-secret', ADMIN_PASSWORD: 'a-real-password' }).phoneLogin).toBe(false);
    expect(() => loadConfig({ CAS_SERVER_URL: 'https://sso.example.com/cas' })).toThrow(/CAS_SERVICE_URL/);
    const ok = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'real-secret', ADMIN_PASSWORD: 'a-real-password' });
    expect(ok).toMatchObject({ production: true, demoData: false });
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'abc', SIGN_ALGORITHM: 'sha1' })).toThrow(/PORT[\s\S]*SIGN_ALGORITHM/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });
});
