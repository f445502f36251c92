import { describe, expect, it, vi } from 'vitest';
import { fail, NURSE_LINK_PAGE_PATH, nurseSelfContract, ok, ResultCode, signFields, type RuntimeConfig } from '@care/shared';
import { NURSE_LINK_PATH } from '../../app/paths';
import { linkImagePath } from './LinkImage';
import { createLinkRequest } from './link-request';

const runtimeConfig: RuntimeConfig = { appId: 'care-test', siteId: 'main', secret: 'test-secret', signAlgorithm: 'sha256' };
const TOKEN = 'A'.repeat(43);

function setup(answer: Response) {
  const seen: { url: URL; headers: Headers; body: Record<string, unknown> | null; referrerPolicy?: string }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: new URL(String(input), 'http://server.test'), headers: new Headers(init?.headers), body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null, referrerPolicy: init?.referrerPolicy });
    return answer;
  });
  const notify = vi.fn();
  const onInvalid = vi.fn();
  const client = createLinkRequest({ runtimeConfig, token: TOKEN, notify, onInvalid, fetchImpl });
  return { client, seen, notify, onInvalid };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the nurse page request layer', () => {
  it('sends the link token in X-Link-Token, never in the address or the body, and signs without a session', async () => {
    const { client, seen } = setup(json(ok(null)));
    await client.call(nurseSelfContract.removeLeave, { id: '5d1f7a3e-9b2c-4d6e-8f10-123456789abc' });
    const [call] = seen;
    expect(call!.headers.get('X-Link-Token')).toBe(TOKEN);
    expect(call!.headers.get('X-Access-Token')).toBeNull();
    expect(call!.url.toString()).not.toContain(TOKEN);
    expect(JSON.stringify(call!.body)).not.toContain(TOKEN);
    expect(call!.body).not.toHaveProperty('sessionKey');
    expect(call!.referrerPolicy).toBe('no-referrer');
    const { sign, ...signed } = call!.body!;
    expect(sign).toBe(signFields(signed, runtimeConfig.secret, runtimeConfig.signAlgorithm));
  });

  it('turns a 403 into the invalid-link page instead of a notice', async () => {
    const { client, notify, onInvalid } = setup(json(fail(ResultCode.forbidden, '链接无效或已过期'), 403));
    await expect(client.call(nurseSelfContract.profile)).rejects.toMatchObject({ code: '403' });
    expect(onInvalid).toHaveBeenCalledOnce();
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows a refusal of the rules as a notice', async () => {
    const { client, notify, onInvalid } = setup(json(fail(ResultCode.business, '该请假已开始，不能删除'), 409));
    await expect(client.call(nurseSelfContract.removeLeave, { id: '5d1f7a3e-9b2c-4d6e-8f10-123456789abc' })).rejects.toMatchObject({ code: '101' });
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ description: '该请假已开始，不能删除' }));
    expect(onInvalid).not.toHaveBeenCalled();
  });

  it('addresses her images segment by segment, dropping dot segments', () => {
    expect(linkImagePath('c/routine/20260101/a b.png')).toBe('/online/nurseLink/self/image/c/routine/20260101/a%20b.png');
    expect(linkImagePath('../../etc/passwd')).toBe('/online/nurseLink/self/image/etc/passwd');
  });

  it('routes the page at the path the links are made for', () => {
    expect(NURSE_LINK_PATH).toBe(NURSE_LINK_PAGE_PATH);
  });
});
