import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '@care/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { BizError } from '../errors.js';
import { registerContract } from './register.js';

const probe = defineContract({
  method: 'POST',
  path: '/online/test/probe',
  access: 'public',
  body: z.object({ phone: z.string().regex(/^1\d{10}$/, '请输入正确的手机号!'), age: z.number().int().min(0).max(100).optional() }),
  result: z.object({ phone: z.string() }),
});

describe('errors become envelopes in one place', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { BODY_LIMIT_BYTES: '2048' },
      extraRoutes: (app) => {
        registerContract(app, probe, async ({ body }) => ({ phone: body.phone }));
        app.post('/online/test/boom', { config: { access: 'public' } }, async () => {
          throw new Error('select password_hash from app_user -- internal detail');
        });
        app.post('/online/test/rule', { config: { access: 'public' } }, async () => {
          throw new BizError('余额不足');
        });
      },
    });
  });
  afterAll(() => t?.close());

  it('a valid contract call is wrapped in the success envelope', async () => {
    const res = await t.post('/online/test/probe', { phone: '13800138000' });
    expect(res.body).toEqual({ success: true, message: '操作成功', result: { phone: '13800138000' }, code: '0' });
  });

  it('a validation failure names the field, in Chinese, with 101', async () => {
    const res = await t.post('/online/test/probe', { phone: '123' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: 'phone: 请输入正确的手机号!', result: null, code: '101' });
    const age = await t.post('/online/test/probe', { phone: '13800138000', age: 101 });
    expect(age.body.message).toMatch(/^age: /);
  });

  it('a business rule failure shows its message', async () => {
    const res = await t.post('/online/test/rule');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: '余额不足', result: null, code: '101' });
  });

  it('an unexpected failure answers 服务器响应失败 without internals', async () => {
    const res = await t.post('/online/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, message: '服务器响应失败', result: null, code: '500' });
    expect(JSON.stringify(res.body)).not.toMatch(/password|select|stack/i);
  });

  it('a body over the limit is refused before anything runs', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/online/test/probe', payload: t.signed({ phone: '13800138000', pad: 'x'.repeat(4096) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: '101', message: '请求内容过大' });
  });

  it('malformed JSON is a clear 101, not a crash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/online/test/probe', payload: '{"phone":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: '101', message: '请求格式错误' });
  });

  it('an unknown path is 404 很抱歉，资源未找到!', async () => {
    const res = await t.post('/online/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: '很抱歉，资源未找到!', result: null, code: '404' });
  });

  it('health reports the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/online/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ status: 'UP', database: { driver: t.ctx.database.driver, status: 'UP' } });
  });
});
