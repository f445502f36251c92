/**
 * WeChat OAuth: exchanges the code at {apiBase}/sns/oauth2/access_token for the user's openid
 * (and unionid when the app has one). Returns null on any refusal.
 */
export async function exchangeWechatCode(
  config: { apiBase: string; appId: string; appSecret: string },
  code: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ openid: string; unionid?: string } | null> {
  const params = new URLSearchParams({ appid: config.appId, secret: config.appSecret, code, grant_type: 'authorization_code' });
  const res = await fetchImpl(`${config.apiBase}/sns/oauth2/access_token?${params}`, { signal: AbortSignal.timeout(8_000) });
  if (!res.ok) return null;
  const body = (await res.json()) as { openid?: unknown; unionid?: unknown; errcode?: unknown };
  if (body.errcode || typeof body.openid !== 'string') return null;
  return { openid: body.openid, ...(typeof body.unionid === 'string' ? { unionid: body.unionid } : {}) };
}
