import type autocannon from 'autocannon';
import { ResultCode, type RuntimeConfig } from '@care/shared';
import { jsonHeaders, signedJsonBody, type JsonFields } from './signing.js';

export interface ScenarioContext {
  baseUrl: string;
  /** Signing settings read from the server's /app/runtime-config.js. */
  runtime: RuntimeConfig;
}

export interface PreparedScenario {
  /** A fresh autocannon request list for each run (autocannon writes its buffers into these objects). */
  requests(): autocannon.Request[];
  /** Checked against every response body; a failure counts as a mismatch and fails the bench. */
  verifyBody?: (body: string) => boolean;
}

/** One measured call. Add an entry to `scenarios` to measure another one. */
export interface Scenario {
  id: string;
  /** Shown in the tables: method, path and what is special about the call. */
  label: string;
  /** The route every other scenario is compared with (exactly one). */
  baseline?: boolean;
  /** Acceptance bar: minimum req/s as a share of the baseline's. */
  minShareOfBaseline?: number;
  /** Acceptance bar: this scenario's p50 may exceed another scenario's p50 by at most `ms`. */
  maxP50Above?: { scenario: string; ms: number };
  /** Server settings this scenario needs beyond the single-node bench defaults (e.g. LOGIN_CAPTCHA=off). */
  serverEnv?: Record<string, string>;
  /** Proves one call answers correctly (a benchmark of errors is worthless), then says what to send. */
  prepare(ctx: ScenarioContext): Promise<PreparedScenario>;
}

const bare: Scenario = {
  id: 'bare',
  label: 'GET /bench/bare (unsigned)',
  baseline: true,
  maxP50Above: { scenario: 'bare-unlogged', ms: 1 },
  async prepare({ baseUrl }) {
    const res = await fetch(`${baseUrl}/bench/bare`);
    if (res.status !== 200) {
      throw new Error(`GET /bench/bare answered ${res.status}: is the server bundle older than BENCH_BARE_ROUTE? Rebuild it.`);
    }
    return { requests: () => [{ method: 'GET', path: '/bench/bare' }], verifyBody: (body) => body.includes('"hello"') };
  },
};

// The bare route again, without its 访问日志 row: the difference of the two p50s is what the visit log
// adds to a request (issue 4 bar: at most 1 ms).
const bareUnlogged: Scenario = {
  id: 'bare-unlogged',
  label: 'GET /bench/bare-unlogged (unsigned, no visit log)',
  async prepare({ baseUrl }) {
    const res = await fetch(`${baseUrl}/bench/bare-unlogged`);
    if (res.status !== 200) throw new Error(`GET /bench/bare-unlogged answered ${res.status}: rebuild the server bundle.`);
    return { requests: () => [{ method: 'GET', path: '/bench/bare-unlogged' }], verifyBody: (body) => body.includes('"hello"') };
  },
};

const signedSystemConfig: Scenario = {
  id: 'signed-getSystemConfig',
  label: 'POST /online/api/getSystemConfig (signed, fresh nonce)',
  minShareOfBaseline: 0.4,
  prepare: (ctx) => signedPost(ctx, '/online/api/getSystemConfig'),
};

const signedPermissions: Scenario = {
  id: 'signed-permissions',
  label: 'POST /online/api/getUserPermissionByToken (signed, signed in)',
  serverEnv: { LOGIN_CAPTCHA: 'off' },
  async prepare(ctx) {
    const sessionKey = await signIn(ctx, 'admin', process.env.BENCH_ADMIN_PASSWORD ?? 'Admin@12345');
    return signedPost(ctx, '/online/api/getUserPermissionByToken', { sessionKey });
  },
};

export const scenarios: Scenario[] = [bare, bareUnlogged, signedSystemConfig, signedPermissions];

/** Signs in once through the password flow (captcha off) and returns the access token. */
export async function signIn(ctx: ScenarioContext, username: string, password: string): Promise<string> {
  const answer = await postJson(`${ctx.baseUrl}/online/user/getCodeLogin`, jsonHeaders(), signedJsonBody(ctx.runtime, { username, password }));
  const token = (JSON.parse(answer.text) as { result?: { token?: unknown } }).result?.token;
  if (answer.code !== ResultCode.ok || typeof token !== 'string') throw new Error(`sign-in for the bench failed: ${answer.text.slice(0, 300)}`);
  return token;
}

export interface SignedPostOptions {
  /** Business fields of the body; called for every request. */
  body?: () => JsonFields;
  /** Access token of a signed-in user: sent as sessionKey (signed) and X-Access-Token. */
  sessionKey?: string;
}

/**
 * A signed JSON POST with a new nonce and signature on every request. Before measuring: one call
 * must answer envelope code "0", and replaying that exact request must be refused, which proves the
 * measured path includes the signature and nonce checks.
 */
export async function signedPost(ctx: ScenarioContext, path: string, options: SignedPostOptions = {}): Promise<PreparedScenario> {
  const makeBody = () => signedJsonBody(ctx.runtime, options.body?.() ?? {}, options.sessionKey);
  const headers = jsonHeaders(options.sessionKey);
  const first = makeBody();
  const answer = await postJson(`${ctx.baseUrl}${path}`, headers, first);
  if (answer.status !== 200 || answer.code !== ResultCode.ok) {
    throw new Error(`signed POST ${path} answered HTTP ${answer.status}, code ${answer.code}: ${answer.text.slice(0, 300)}`);
  }
  const replay = await postJson(`${ctx.baseUrl}${path}`, headers, first);
  if (replay.status < 400) throw new Error(`replaying a nonce on ${path} answered ${replay.status}: the nonce check is not active`);
  return {
    requests: () => [
      {
        method: 'POST',
        path,
        headers,
        setupRequest: (request) => ({ ...request, body: makeBody() }),
      },
    ],
    verifyBody: (body) => body.includes(`"code":"${ResultCode.ok}"`),
  };
}

async function postJson(url: string, headers: Record<string, string>, body: string) {
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  let code: unknown;
  try {
    code = (JSON.parse(text) as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code, text };
}
