import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorText, fail, ok, signFields, systemContract, type RuntimeConfig } from '@care/shared';
import { ApiError } from './api-error';
import { createRequest, NOTICE_SECONDS, REQUEST_TIMEOUT_MS, type RequestUi } from './request';
import { createStorage, memoryBackend, SESSION_TTL_MS, StorageKey } from './storage';

const runtimeConfig: RuntimeConfig = { appId: 'care-test', siteId: 'main', secret: 'test-secret', signAlgorithm: 'sha256' };
const NOW = Date.UTC(2025, 0, 15, 8, 0, 0);

/** What the fake server saw, decoded the way the real one decodes it. */
interface Received {
  /** The whole address, as a proxy or a log would see it. */
  url: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Headers;
  body: Record<string, unknown> | null;
  formFields: Record<string, string>;
  files: string[];
}

type Responder = (request: Received, signal: AbortSignal) => Response | Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

function setup(options: { token?: string; respond?: Responder; config?: RuntimeConfig } = {}) {
  const storage = createStorage(memoryBackend(), () => NOW);
  if (options.token) storage.set(StorageKey.token, options.token, SESSION_TTL_MS);
  const ui = { notify: vi.fn(), confirm: vi.fn(), reload: vi.fn(), logout: vi.fn() } satisfies RequestUi;
  const received: Received[] = [];
  const respond = options.respond ?? (() => json(ok(null)));
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://server.test');
    const formFields: Record<string, string> = {};
    const files: string[] = [];
    if (init?.body instanceof FormData) {
      init.body.forEach((value, name) => (typeof value === 'string' ? (formFields[name] = value) : files.push(name)));
    }
    const request: Received = {
      url: String(input),
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      formFields,
      files,
    };
    received.push(request);
    return respond(request, init?.signal as AbortSignal);
  });
  const config = options.config ?? runtimeConfig;
  const client = createRequest({ runtimeConfig: config, storage, ui, fetchImpl, now: () => NOW });
  return { client, ui, storage, received, config };
}

/** The server's check: every field it received and the header's token as sessionKey, re-signed with the shared function. */
function expectValidSignature(request: Received, config: RuntimeConfig = runtimeConfig) {
  const token = request.headers.get('X-Access-Token');
  const fields: Record<string, unknown> = { ...request.query, ...request.formFields, ...request.body, ...(token ? { sessionKey: token } : {}) };
  expect(fields.sign).toMatch(/^[0-9A-F]{64}$|^[0-9A-F]{32}$/);
  expect(signFields(fields, config.secret, config.signAlgorithm)).toBe(fields.sign);
  expect(fields.appId).toBe(config.appId);
  expect(fields.siteId).toBe(config.siteId);
  expect(String(fields.nonce)).toMatch(new RegExp(`^${NOW}[0-9a-z]{6}$`));
}

const systemNotice = (description: string) => ({ title: '系统提示', description, duration: NOTICE_SECONDS });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('signing', () => {
  it('signs a JSON POST in its body, query parameters included', async () => {
    const { client, received } = setup({ token: 'tok-1' });
    await client.post('/online/order/list?tab=open', { pageNo: 1, name: '张三', empty: '', tags: ['a'], at: new Date(NOW) });
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.query).toEqual({ tab: 'open' });
    expect(request?.body).toMatchObject({ pageNo: 1, name: '张三', at: new Date(NOW).toISOString(), sessionKey: 'tok-1' });
    expect(request?.body?.sign).toBeTypeOf('string');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expectValidSignature(request!);
  });

  it('signs a GET in its query string, the token signed from the header and not sent in the query', async () => {
    const { client, received } = setup({ token: 'tok-1' });
    await client.get('/online/dict/getDictItems/sex', { otherField: 'x', ids: [1, 2], flag: true, none: undefined });
    const [request] = received;
    expect(request?.method).toBe('GET');
    expect(request?.body).toBeNull();
    expect(request?.query).toMatchObject({ otherField: 'x', ids: '1,2', flag: 'true' });
    expect(request?.query).not.toHaveProperty('none');
    expect(request?.query).not.toHaveProperty('sessionKey');
    expect(request?.headers.get('X-Access-Token')).toBe('tok-1');
    expectValidSignature(request!);
  });

  it('signs a DELETE in its query string', async () => {
    const { client, received } = setup();
    await client.del('/online/x/delete', { id: '7' });
    expect(received[0]?.query).toMatchObject({ id: '7' });
    expectValidSignature(received[0]!);
  });

  it('signs a multipart upload over the query, the form\'s text fields moved into the query, sign in the query', async () => {
    const { client, received } = setup({ token: 'tok-1' });
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    form.append('biz', 'avatar');
    await client.upload('/online/common/upload/createOnlineFile', { prefixPath: 'c1/routine' }, form);
    const [request] = received;
    expect(request?.files).toEqual(['file']);
    expect(request?.formFields).toEqual({});
    expect(request?.query).toMatchObject({ prefixPath: 'c1/routine', biz: 'avatar' });
    expect(request?.query).not.toHaveProperty('sessionKey');
    expect(request?.query.sign).toBeTypeOf('string');
    expect(request?.headers.get('X-Access-Token')).toBe('tok-1');
    expectValidSignature(request!);
  });

  it('uses MD5 when the runtime config says so', async () => {
    const config: RuntimeConfig = { ...runtimeConfig, signAlgorithm: 'md5' };
    const { client, received } = setup({ config });
    await client.post('/online/x', { a: 1 });
    expect(String(received[0]?.body?.sign)).toHaveLength(32);
    expectValidSignature(received[0]!, config);
  });

  it('adds sessionKey and X-Access-Token only when a token is stored', async () => {
    const signedOut = setup();
    await signedOut.client.post('/online/x', {});
    expect(signedOut.received[0]?.body).not.toHaveProperty('sessionKey');
    expect(signedOut.received[0]?.headers.has('X-Access-Token')).toBe(false);

    const signedIn = setup({ token: 'tok-2' });
    await signedIn.client.post('/online/x', {});
    expect(signedIn.received[0]?.body?.sessionKey).toBe('tok-2');
    expect(signedIn.received[0]?.headers.get('X-Access-Token')).toBe('tok-2');
  });

  it('puts the token in no URL, whatever the call', async () => {
    const { client, received } = setup({ token: 'tok-secret-3' });
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'a.png');
    form.append('biz', 'avatar');
    await client.get('/online/a', { q: 1 });
    await client.del('/online/b', { id: '7' });
    await client.post('/online/c?tab=x', { a: 1 });
    await client.put('/online/d', { a: 1 });
    await client.upload('/online/e', { prefixPath: 'c1/routine' }, form);
    await client.downloadBlob('/online/common/file/c1/routine/20250101/x.png').catch(() => undefined);
    await client.downloadText('/online/g', { id: '1' }).catch(() => undefined);
    await client.downloadBlob('/online/h/exportXls', { pageNo: 1 }, 'POST').catch(() => undefined);
    // The fake server's null result fails the contract; the console line is expected.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await client.call(systemContract.getSystemConfig).catch(() => undefined);
    quiet.mockRestore();
    expect(received).toHaveLength(9);
    for (const request of received) {
      expect(request.url).not.toContain('tok-secret-3');
      expect(request.url).not.toContain('sessionKey');
      expect(request.headers.get('X-Access-Token')).toBe('tok-secret-3');
      expectValidSignature(request);
    }
  });

  it('does not send an expired token', async () => {
    const { client, storage, received } = setup();
    storage.set(StorageKey.token, 'old', -1);
    await client.post('/online/x', {});
    expect(received[0]?.body).not.toHaveProperty('sessionKey');
  });
});

describe('call(contract)', () => {
  const config = {
    systemName: '科技平台', loginSystemName: '月子中心', logoImageUrl: '', loginImageUrl: '', loginBackImageUrl: '',
    copyrightDesc: '', description: '', modeType: 'hospital',
    relatedLinkName1: '', relatedLinkUrl1: '', relatedLinkName2: '', relatedLinkUrl2: '', relatedLinkName3: '', relatedLinkUrl3: '',
    relatedLinkName4: '', relatedLinkUrl4: '', relatedLinkName5: '', relatedLinkUrl5: '',
    selfAuditAllowed: false,
  };

  it('posts to the contract path and resolves the checked result', async () => {
    const { client, received } = setup({ respond: () => json(ok(config)) });
    await expect(client.call(systemContract.getSystemConfig)).resolves.toEqual(config);
    expect(received[0]).toMatchObject({ method: 'POST', path: '/online/api/getSystemConfig' });
    expectValidSignature(received[0]!);
  });

  it('quietNotFound on a call leaves a 404 to the page (no notice), still acts on other codes', async () => {
    const missing = setup({ respond: () => json(fail('404', 'missing'), 404) });
    expect((await rejection(missing.client.call(systemContract.getSystemConfig, undefined, { quietNotFound: true }))).code).toBe('404');
    expect(missing.ui.notify).not.toHaveBeenCalled();
    const forbidden = setup({ respond: () => json(fail('403', 'no'), 403) });
    await rejection(forbidden.client.call(systemContract.getSystemConfig, undefined, { quietNotFound: true }));
    expect(forbidden.ui.notify).toHaveBeenCalledWith(systemNotice('拒绝访问'));
  });

  it('rejects a result that breaks the contract, as a server failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, ui } = setup({ respond: () => json(ok({ loginSystemName: 1 })) });
    expect((await rejection(client.call(systemContract.getSystemConfig))).code).toBe('500');
    expect(ui.notify).toHaveBeenCalledWith(systemNotice('服务器响应失败'));
  });
});

describe('envelope codes (spec §8)', () => {
  it("'0' resolves the result with no UI", async () => {
    const { client, ui } = setup({ respond: () => json(ok({ id: 1 })) });
    await expect(client.post('/online/x')).resolves.toEqual({ id: 1 });
    expect(ui.notify).not.toHaveBeenCalled();
  });

  it("'403' notifies 拒绝访问 for 4 s and rejects", async () => {
    const { client, ui } = setup({ respond: () => json(fail('403', 'no'), 403) });
    const error = await rejection(client.post('/online/x'));
    expect(error).toMatchObject({ code: '403', message: 'no' });
    expect(ui.notify).toHaveBeenCalledExactlyOnceWith(systemNotice('拒绝访问'));
  });

  it("'404' notifies 很抱歉，资源未找到! for 4 s and rejects", async () => {
    const { client, ui } = setup({ respond: () => json(fail('404', 'missing'), 404) });
    expect((await rejection(client.post('/online/x'))).code).toBe('404');
    expect(ui.notify).toHaveBeenCalledExactlyOnceWith(systemNotice('很抱歉，资源未找到!'));
  });

  it("'101' shows the server's message under 系统提示", async () => {
    const { client, ui } = setup({ respond: () => json(fail('101', '签名校验失败'), 409) });
    expect(await rejection(client.post('/online/x'))).toMatchObject({ code: '101', message: '签名校验失败' });
    expect(ui.notify).toHaveBeenCalledExactlyOnceWith({ title: '系统提示', description: '签名校验失败' });
  });

  it('a validation failure (HTTP 422, code 101) is acted on by its code', async () => {
    const { client, ui } = setup({ respond: () => json(fail('101', '手机号格式不正确'), 422) });
    await rejection(client.post('/online/x'));
    expect(ui.notify).toHaveBeenCalledWith({ title: '系统提示', description: '手机号格式不正确' });
  });

  it('a server failure envelope (HTTP 500, code 500) shows 服务器响应失败 for 4 s', async () => {
    const { client, ui } = setup({ respond: () => json({ success: false, message: '服务器响应失败', result: null, code: '500' }, 500) });
    expect((await rejection(client.post('/online/x'))).code).toBe('500');
    expect(ui.notify).toHaveBeenCalledWith({ title: '系统提示', description: '服务器响应失败', duration: 4 });
  });

  it('other codes reject with no UI', async () => {
    const unknown = setup({ respond: () => json({ success: false, message: 'later', result: null, code: '999' }) });
    expect((await rejection(unknown.client.post('/online/x'))).code).toBe('999');
    expect(unknown.ui.notify).not.toHaveBeenCalled();
  });

  it("'302' logs out, removes the session key and reloads", async () => {
    const { client, ui, storage } = setup({ token: 'tok', respond: () => json(fail('302', ErrorText.noSession), 401) });
    expect((await rejection(client.post('/online/x'))).code).toBe('302');
    await vi.waitFor(() => expect(ui.reload).toHaveBeenCalledOnce());
    expect(ui.logout).toHaveBeenCalledOnce();
    expect(ui.logout.mock.invocationCallOrder[0]).toBeLessThan(ui.reload.mock.invocationCallOrder[0]!);
    expect(storage.get(StorageKey.token)).toBeNull();
    expect(ui.confirm).not.toHaveBeenCalled();
    expect(ui.notify).not.toHaveBeenCalled();
  });

  it("'302' still clears the token and reloads when logout fails", async () => {
    const { client, ui, storage } = setup({ token: 'tok', respond: () => json(fail('302', 'x'), 401) });
    ui.logout.mockRejectedValue(new Error('offline'));
    await rejection(client.post('/online/x'));
    await vi.waitFor(() => expect(ui.reload).toHaveBeenCalledOnce());
    expect(storage.get(StorageKey.token)).toBeNull();
  });

  it("'110' opens one 已在其他地方登录 dialog; logout and reload wait for 重新登录", async () => {
    const { client, ui, storage } = setup({ token: 'tok', respond: () => json(fail('110', ErrorText.superseded), 401) });
    const errors = await Promise.all([rejection(client.post('/online/a')), rejection(client.post('/online/b'))]);
    expect(errors.map((e) => e.code)).toEqual(['110', '110']);

    expect(ui.confirm).toHaveBeenCalledOnce();
    const dialog = ui.confirm.mock.calls[0]![0];
    expect(dialog).toMatchObject({ title: '已在其他地方登录', content: '很抱歉，您的帐号已在其他地方登录，请重新登录', okText: '重新登录' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ui.logout).not.toHaveBeenCalled();
    expect(ui.reload).not.toHaveBeenCalled();
    expect(storage.get(StorageKey.token)).toBe('tok');

    await dialog.onOk();
    expect(ui.logout).toHaveBeenCalledOnce();
    expect(storage.get(StorageKey.token)).toBeNull();
    expect(ui.reload).toHaveBeenCalledOnce();
    expect(ui.notify).not.toHaveBeenCalled();
  });
});

describe('transport failures', () => {
  it('a network failure notifies 服务器响应失败 for 4 s and rejects', async () => {
    const { client, ui } = setup({ respond: () => Promise.reject(new TypeError('fetch failed')) });
    const error = await rejection(client.post('/online/x'));
    expect(error).toMatchObject({ code: '500', message: '服务器响应失败' });
    expect(ui.notify).toHaveBeenCalledExactlyOnceWith(systemNotice('服务器响应失败'));
  });

  it('an HTTP 5xx without an envelope is a server failure', async () => {
    const { client, ui } = setup({ respond: () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }) });
    expect((await rejection(client.get('/online/x'))).code).toBe('500');
    expect(ui.notify).toHaveBeenCalledExactlyOnceWith(systemNotice('服务器响应失败'));
  });

  it('gives up after 9 s', async () => {
    vi.useFakeTimers();
    const { client, ui } = setup({
      respond: (_request, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    });
    let settled = false;
    const outcome = rejection(client.post('/online/slow')).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(ui.notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).code).toBe('500');
    expect(ui.notify).toHaveBeenCalledExactlyOnceWith(systemNotice('服务器响应失败'));
  });

  it('clears its timer once answered', async () => {
    vi.useFakeTimers();
    const { client } = setup();
    await client.post('/online/x');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('downloads', () => {
  it('resolves a file as a Blob or as text', async () => {
    const { client, received } = setup({
      respond: () => new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } }),
    });
    const blob = await client.downloadBlob('/online/files/report.csv', { id: '1' });
    expect(await blob.text()).toBe('a,b\n1,2\n');
    expect(await client.downloadText('/online/order/exportXls', { status: 'open' }, 'POST')).toBe('a,b\n1,2\n');
    expect(received[0]).toMatchObject({ method: 'GET', query: { id: '1' } });
    expect(received[1]).toMatchObject({ method: 'POST', body: { status: 'open' } });
    received.forEach((request) => expectValidSignature(request));
  });

  it('a failure envelope instead of the file is handled like any call', async () => {
    const { client, ui } = setup({ respond: () => json(fail('403', 'no'), 403) });
    expect((await rejection(client.downloadBlob('/online/files/x'))).code).toBe('403');
    expect(ui.notify).toHaveBeenCalledWith(systemNotice('拒绝访问'));
  });

  it('quietNotFound rejects a missing file without the 404 notice, but still acts on other codes', async () => {
    const missing = setup({ respond: () => json(fail('404', '很抱歉，资源未找到!'), 404) });
    expect((await rejection(missing.client.downloadBlob('/online/common/file/x.png', undefined, 'GET', { quietNotFound: true }))).code).toBe('404');
    expect(missing.ui.notify).not.toHaveBeenCalled();
    const forbidden = setup({ respond: () => json(fail('403', 'no'), 403) });
    await rejection(forbidden.client.downloadBlob('/online/common/file/x.png', undefined, 'GET', { quietNotFound: true }));
    expect(forbidden.ui.notify).toHaveBeenCalledWith(systemNotice('拒绝访问'));
  });
});
