import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNonce, signFields } from '@care/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 13 item 9: the session token never travels in a URL. GET, DELETE and multipart calls send it
 * in X-Access-Token only; the signature covers it as `sessionKey`, taken by the server from the header.
 */
describe('the token in the header, never in the URL', () => {
  let t: TestApp;
  let token: string;
  const PATH = '/online/api/getTxUserInfo';
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(() => t?.close());

  /** The query of the old protocol: sessionKey signed and sent in the URL. */
  const tokenInQuery = () => {
    const fields = { appId: t.config.appId, siteId: t.config.siteId, nonce: makeNonce(), sessionKey: token };
    return { ...fields, sign: signFields(fields, t.config.appSecret) };
  };
  const get = (query: Record<string, string>, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: PATH, query, headers });

  it('a GET with the token only in the query is refused (302)', async () => {
    expect((await get(tokenInQuery())).json()).toMatchObject({ code: '302' });
  });

  it('a GET carrying the token in the query is refused (302) even with the header too', async () => {
    expect((await get(tokenInQuery(), { 'x-access-token': token })).json()).toMatchObject({ code: '302' });
  });

  it('a GET with the token in the header only, signed with it as sessionKey, passes', async () => {
    const query = t.signedQuery({}, { token });
    expect(query).not.toHaveProperty('sessionKey');
    expect((await get(query, { 'x-access-token': token })).json()).toMatchObject({ code: '0' });
  });

  it('the signature covers the header token: another token in the header fails the signature', async () => {
    const other = await t.login('nanshan.sales1', t.config.adminPassword);
    expect((await get(t.signedQuery({}, { token }), { 'x-access-token': other })).json()).toMatchObject({ code: '101', message: '签名校验失败' });
    // …and so does a signature made without any token.
    expect((await get(t.signedQuery({}), { 'x-access-token': token })).json()).toMatchObject({ code: '101', message: '签名校验失败' });
  });

  it('a JSON POST keeps sessionKey as a signed body field; its value must be the header token', async () => {
    expect((await t.post('/online/api/getUserPermissionByToken', {}, { token })).body.code).toBe('0');
    const other = await t.login('nanshan.sales1', t.config.adminPassword);
    const payload = t.signed({}, { token });
    const res = await t.app.inject({ method: 'POST', url: '/online/api/getUserPermissionByToken', payload, headers: { 'x-access-token': other } });
    expect(res.json()).toMatchObject({ code: '101' });
  });
});
