import { makeNonce, signFields, type RuntimeConfig } from '@care/shared';

export type JsonFields = Record<string, unknown>;

/**
 * A JSON body signed the way the web client signs it (apps/web/src/lib/request.ts): the body's fields
 * plus appId, a fresh nonce, siteId and, when signed in, sessionKey; then `sign` over all of them.
 */
export function signedJsonBody(runtime: RuntimeConfig, body: JsonFields = {}, sessionKey?: string): string {
  const added: Record<string, string> = {
    appId: runtime.appId,
    nonce: freshNonce(),
    siteId: runtime.siteId,
    ...(sessionKey ? { sessionKey } : {}),
  };
  const fields = { ...body, ...added };
  return JSON.stringify({ ...fields, sign: signFields(fields, runtime.secret, runtime.signAlgorithm) });
}

// At ~27 signed calls per millisecond, two of a run's ~10⁶ nonces (the millisecond plus 6 random
// characters, as the spec fixes) can coincide; the server then rightly refuses the replay and the run
// is discarded. The load generator never reuses a nonce within its millisecond.
let nonceMillisecond = 0;
const noncesThisMillisecond = new Set<string>();

function freshNonce(): string {
  const now = Date.now();
  if (now !== nonceMillisecond) {
    nonceMillisecond = now;
    noncesThisMillisecond.clear();
  }
  let nonce = makeNonce(now);
  while (noncesThisMillisecond.has(nonce)) nonce = makeNonce(now);
  noncesThisMillisecond.add(nonce);
  return nonce;
}

export function jsonHeaders(sessionKey?: string): Record<string, string> {
  return { 'content-type': 'application/json', ...(sessionKey ? { 'x-access-token': sessionKey } : {}) };
}
