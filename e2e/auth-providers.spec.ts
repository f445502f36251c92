import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedPost, signInAsAdmin, storedToken, tokenOf } from './auth-helpers';
import { useBrowserSuite } from './harness';

/**
 * A stand-in CAS server on the loopback: /cas/login sends the browser back to its service with a
 * ticket, /cas/serviceValidate answers CAS 2 XML for tickets it issued to that very service.
 */
async function startFakeCas(): Promise<{ url: string; validated: string[]; close(): Promise<void> }> {
  const issued = new Map<string, string>();
  const validated: string[] = [];
  let counter = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas.local');
    if (url.pathname === '/cas/login') {
      const service = url.searchParams.get('service') ?? '';
      counter += 1;
      const ticket = `ST-${counter}-e2e`;
      issued.set(ticket, service);
      const back = new URL(service);
      back.searchParams.set('ticket', ticket);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/cas/serviceValidate') {
      const ticket = url.searchParams.get('ticket') ?? '';
      const service = url.searchParams.get('service') ?? '';
      validated.push(service);
      const ok = issued.get(ticket) === service;
      issued.delete(ticket);
      const body = ok
        ? '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>admin</cas:user></cas:authenticationSuccess></cas:serviceResponse>'
        : '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">bad</cas:authenticationFailure></cas:serviceResponse>';
      res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cas`,
    validated,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('sign-in by phone and by CAS', () => {
  let cas: Awaited<ReturnType<typeof startFakeCas>>;

  beforeAll(async () => {
    cas = await startFakeCas();
  });

  afterAll(async () => {
    await cas?.close();
  });

  // The login page the CAS tests start from: the server validates tickets for this service only.
  const casService = (baseUrl: string) => `${baseUrl}/app/user/login?redirect=%2Ftrade%2Forder`;
  // Registered after the fake CAS: its server starts once CAS is up and stops before CAS closes.
  const suite = useBrowserSuite((baseUrl) => ({ CAS_SERVER_URL: cas.url, CAS_SERVICE_URL: casService(baseUrl) }));
  const openPage = () => suite.newPage();

  /** The last SMS code the server's log sender wrote for a phone (masked as 138****5678 in the log). */
  function lastSmsCode(mobile: string): string | undefined {
    const masked = `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
    const lines = suite.server.output().split('\n').filter((line) => line.includes(masked) && line.includes('sign-in SMS code'));
    const last = lines.at(-1);
    return last ? (JSON.parse(last) as { code: string }).code : undefined;
  }

  it('phone tab: 获取验证码 sends a code and counts down 60 s; the code signs in', async () => {
    const mobile = '13800138000';
    // The admin gets this phone number first (the profile modal is another part of the shell).
    const setup = await openPage();
    await signInAsAdmin(setup, suite.server.baseUrl);
    const token = await tokenOf(setup);
    const userInfo = await setup.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo') ?? '{}') as { value: { partyId: string; firstName: string } });
    const saved = await signedPost(suite.server.baseUrl, '/online/api/updateSysUser', { partyId: userInfo.value.partyId, firstName: userInfo.value.firstName, phone: mobile }, token ?? undefined, 'PUT');
    expect(saved.code, saved.message).toBe('0');
    await setup.context().close();

    const page = await openPage();
    await page.goto(`${suite.server.baseUrl}/app/user/login?redirect=%2Fcrm%2Flead`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    const getCode = page.getByRole('button', { name: '获取验证码' });
    await getCode.click();
    await page.getByText('请输入手机号!').waitFor();

    await page.getByPlaceholder('手机号', { exact: true }).fill(mobile);
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/online/sms');
    await getCode.click();
    expect(((await (await sent).json()) as { code: string }).code).toBe('0');
    await page.getByText('验证码已发送').waitFor();
    const countdown = page.getByRole('button', { name: /\d+ 秒后重新获取/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    expect(Number((await countdown.textContent())?.match(/\d+/)?.[0])).toBeGreaterThan(55);

    await expect.poll(() => lastSmsCode(mobile)).toMatch(/^\d{6}$/);
    await page.getByPlaceholder('验证码', { exact: true }).fill(lastSmsCode(mobile) ?? '');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/online/phoneLogin');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    expect(((await (await answered).json()) as { code: string }).code).toBe('0');
    await page.waitForURL((url) => url.pathname === '/app/crm/lead');
    expect(await storedToken(page)).not.toBeNull();
  });

  it('offers CAS 登录; the returned ticket is validated with the service and signs in', async () => {
    const page = await openPage();
    await page.goto(`${suite.server.baseUrl}/app/user/login?redirect=%2Ftrade%2Forder`);
    const link = page.getByRole('link', { name: 'CAS 登录' });
    await link.waitFor();
    const href = new URL((await link.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe(`${cas.url}/login`);
    expect(href.searchParams.get('service')).toBe(casService(suite.server.baseUrl));

    const validated = page.waitForResponse((r) => new URL(r.url()).pathname === '/cas/client/validateLogin');
    await link.click();
    const request = (await validated).request();
    const body = JSON.parse(request.postData() ?? '{}') as { ticket: string; service: string };
    expect(body.ticket).toMatch(/^ST-\d+-e2e$/);
    expect(body.service).toBe(casService(suite.server.baseUrl));
    await page.waitForURL((url) => url.pathname === '/app/trade/order');
    expect(await storedToken(page)).not.toBeNull();
    expect(cas.validated.at(-1)).toBe(body.service);
  });

  it('a CAS ticket that does not validate shows the server message and stays on sign-in without it', async () => {
    const page = await openPage();
    const validated = page.waitForResponse((r) => new URL(r.url()).pathname === '/cas/client/validateLogin');
    await page.goto(`${suite.server.baseUrl}/app/user/login?redirect=%2Fcrm%2Flead&ticket=ST-forged`);
    const envelope = (await (await validated).json()) as { code: string; message: string };
    expect(envelope.code).not.toBe('0');
    await page.getByText(envelope.message, { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/app/user/login' && !url.searchParams.has('ticket'));
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/crm/lead');
    expect(await storedToken(page)).toBeNull();
  });
});
