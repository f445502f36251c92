import { makeNonce, signFields, type RuntimeConfig } from '@care/shared';

export type JsonFields = Record<string, unknown>;

/**
 * A JSON body signed the way the web client signs it (apps/web/src/lib/request.ts): the body's fields
 * plus appId, a fresh nonce, siteId and, when signed in, sessionKey; then `sign` over all of them.
 */
export function signedJsonBody(runtime: RuntimeConfig, body: JsonFields = {}, sessionKey?: string): string {
  const added: Record<string, string> = {
    appId: runtime.appId,
    nonce: makeNonce(),
    siteId: runtime.siteId,
    ...(sessionKey ? { sessionKey } : {}),
  };
  const fields = { ...body, ...added };
  return JSON.stringify({ ...fields, sign: signFields(fields, runtime.secret, runtime.signAlgorithm) });
}

export function jsonHeaders(sessionKey?: string): Record<string, string> {
  return { 'content-type': 'application/json', ...(sessionKey ? { 'x-access-token': sessionKey } : {}) };
}
