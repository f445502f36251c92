import type { z } from 'zod';
import {
  ErrorText,
  ResultCode,
  makeNonce,
  signFields,
  type Contract,
  type ContractResult,
  type Envelope,
  type HttpMethod,
  type RuntimeConfig,
} from '@care/shared';
import { ApiError, transportError } from './api-error';
import { getAccessToken } from './session';
import { StorageKey, type AppStorage } from './storage';
import { filesOnly, formFields, parseEnvelope, splitPath, toQueryFields, toWireJson, withQuery, type Params } from './wire';

export type { Params } from './wire';

/** Spec §9. */
export const REQUEST_TIMEOUT_MS = 9000;
/** How long a 系统提示 notification stays, in seconds (spec §8). */
export const NOTICE_SECONDS = 4;

/** Texts of spec §8 that the shared ErrorText does not already hold. */
export const RequestText = {
  noticeTitle: '系统提示',
  supersededTitle: '已在其他地方登录',
  signInAgain: '重新登录',
} as const;

export interface Notice {
  title: string;
  description: string;
  /** Seconds; omitted where the spec gives none, so the UI kit's default applies. */
  duration?: number;
}

export interface SessionLostDialog {
  title: string;
  content: string;
  okText: string;
  onOk: () => Promise<void>;
}

/** Everything the request layer shows or does to the page; injected so tests see what a user would. */
export interface RequestUi {
  notify(notice: Notice): void;
  /** A dialog whose only way out is its OK button. */
  confirm(dialog: SessionLostDialog): void;
  reload(): void;
  /** Clears the signed-in state. */
  logout(): void | Promise<void>;
}

export interface RequestDeps {
  runtimeConfig: RuntimeConfig;
  storage: AppStorage;
  ui: RequestUi;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What `call` takes: the body schema's input for POST/PUT, otherwise the query schema's. */
export type ContractInput<C> = C extends Contract<infer B, infer Q, infer _R> ? (B extends z.ZodType ? z.input<B> : InputOf<Q>) : never;
/** `quietNotFound`: a 404 rejects without the notice, for a page that shows its own not-found state. */
export interface CallOptions {
  quietNotFound?: boolean;
}
type CallArgs<C> = ContractInput<C> extends undefined ? [input?: undefined, options?: CallOptions] : [input: ContractInput<C>, options?: CallOptions];

export interface RequestClient {
  /** Calls a shared contract; the result is checked against the contract's result schema. */
  call<C extends Contract>(contract: C, ...input: CallArgs<C>): Promise<ContractResult<C>>;
  post<T = unknown>(path: string, data?: Params): Promise<T>;
  put<T = unknown>(path: string, data?: Params): Promise<T>;
  get<T = unknown>(path: string, params?: Params): Promise<T>;
  del<T = unknown>(path: string, params?: Params): Promise<T>;
  /** Multipart POST. Resolves the whole envelope: an upload answers its stored path in `message` (spec §3). */
  upload<T = unknown>(path: string, query: Params, form: FormData): Promise<Envelope<T>>;
  /** `quietNotFound`: a missing file rejects without the 404 notice (images fall back to a placeholder). */
  downloadBlob(path: string, data?: Params, method?: 'GET' | 'POST', options?: { quietNotFound?: boolean }): Promise<Blob>;
  downloadText(path: string, data?: Params, method?: 'GET' | 'POST'): Promise<string>;
}

interface Outgoing {
  quietNotFound?: boolean;
  method: HttpMethod;
  path: string;
  query?: Params;
  body?: Params;
  form?: FormData;
}

type Expect = 'json' | 'blob' | 'text';

type Reply = { kind: 'envelope'; envelope: Envelope } | { kind: 'data'; data: Blob | string } | { kind: 'failed' };

export function createRequest(deps: RequestDeps): RequestClient {
  const { runtimeConfig, storage, ui } = deps;
  const fetchImpl = deps.fetchImpl ?? ((input, init) => fetch(input, init));
  const now = deps.now ?? Date.now;
  // Several calls in flight can all answer 110/302; the user should see one dialog and one reload.
  let sessionEnding = false;

  /**
   * Signs and addresses a call. The token goes in the X-Access-Token header only, never in a URL: it is
   * signed as `sessionKey` (the server takes that value from the header), and sent as a field only in a
   * JSON body. A multipart form carries its files alone; its text fields travel in the signed query.
   */
  function build(out: Outgoing): { url: string; init: RequestInit } {
    const [pathOnly, pathQuery] = splitPath(out.path);
    const query = { ...pathQuery, ...toQueryFields(out.query), ...formFields(out.form) };
    const token = getAccessToken(storage);
    const added: Record<string, string> = {
      appId: runtimeConfig.appId,
      nonce: makeNonce(now()),
      siteId: runtimeConfig.siteId,
    };
    const sessionKey = token ? { sessionKey: token } : {};
    const jsonBody = out.form === undefined && (out.method === 'POST' || out.method === 'PUT');
    const body = jsonBody ? toWireJson(out.body) : {};
    const sign = signFields({ ...query, ...body, ...added, ...sessionKey }, runtimeConfig.secret, runtimeConfig.signAlgorithm);
    const headers: Record<string, string> = token ? { 'X-Access-Token': token } : {};
    if (jsonBody) {
      headers['Content-Type'] = 'application/json';
      return { url: withQuery(pathOnly, query), init: { method: out.method, headers, body: JSON.stringify({ ...body, ...added, ...sessionKey, sign }) } };
    }
    return { url: withQuery(pathOnly, { ...query, ...added, sign }), init: { method: out.method, headers, body: out.form ? filesOnly(out.form) : null } };
  }

  async function exchange(out: Outgoing, expect: Expect): Promise<Envelope | Blob | string> {
    const { url, init } = build(out);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    let reply: Reply;
    try {
      reply = await receive(await fetchImpl(url, { ...init, signal: controller.signal }), expect);
    } catch {
      reply = { kind: 'failed' };
    } finally {
      clearTimeout(timer);
    }
    if (reply.kind === 'failed') return failTransport();
    if (reply.kind === 'data') return reply.data;
    const { envelope } = reply;
    if (envelope.code === ResultCode.ok) return envelope;
    if (!(out.quietNotFound && envelope.code === ResultCode.notFound)) actOn(envelope);
    throw new ApiError(envelope.code, envelope.message);
  }

  function failTransport(): never {
    ui.notify({ title: RequestText.noticeTitle, description: ErrorText.serverError, duration: NOTICE_SECONDS });
    throw transportError();
  }

  function actOn({ code, message }: Envelope): void {
    switch (code) {
      case ResultCode.forbidden:
        ui.notify({ title: RequestText.noticeTitle, description: ErrorText.forbidden, duration: NOTICE_SECONDS });
        return;
      case ResultCode.notFound:
        ui.notify({ title: RequestText.noticeTitle, description: ErrorText.notFound, duration: NOTICE_SECONDS });
        return;
      case ResultCode.business:
        ui.notify({ title: RequestText.noticeTitle, description: message });
        return;
      case ResultCode.serverError:
        // A server failure is an HTTP failure to the user (spec §8), whether or not it carried an envelope.
        ui.notify({ title: RequestText.noticeTitle, description: ErrorText.serverError, duration: NOTICE_SECONDS });
        return;
      case ResultCode.superseded:
        return loseSession(true);
      case ResultCode.noSession:
        return loseSession(false);
      default:
      // Spec §8: any other code is left to the caller.
    }
  }

  function loseSession(superseded: boolean): void {
    if (sessionEnding) return;
    sessionEnding = true;
    const end = async () => {
      try {
        await ui.logout();
      } catch {
        // Spec §4: a failing logout is ignored; local state goes anyway.
      }
      storage.remove(StorageKey.token);
      ui.reload();
    };
    if (superseded) {
      ui.confirm({ title: RequestText.supersededTitle, content: ErrorText.superseded, okText: RequestText.signInAgain, onOk: end });
    } else {
      void end();
    }
  }

  async function json<T>(out: Outgoing): Promise<Envelope<T>> {
    return (await exchange(out, 'json')) as Envelope<T>;
  }

  const download = (expect: 'blob' | 'text', path: string, data: Params | undefined, method: 'GET' | 'POST', quietNotFound = false) =>
    exchange(method === 'GET' ? { method, path, query: data, quietNotFound } : { method, path, body: data, quietNotFound }, expect);

  return {
    async call(contract, ...args) {
      const { method, path } = contract;
      const data = args[0] as Params | undefined;
      const quietNotFound = (args[1] as CallOptions | undefined)?.quietNotFound ?? false;
      const envelope = await json(method === 'GET' || method === 'DELETE' ? { method, path, query: data, quietNotFound } : { method, path, body: data, quietNotFound });
      const parsed = contract.result.safeParse(envelope.result);
      if (!parsed.success) {
        // Server and browser disagree on the contract (e.g. a stale tab after a deploy).
        console.error(`${method} ${path}: result does not match its contract`, parsed.error);
        return failTransport();
      }
      return parsed.data as ContractResult<typeof contract>;
    },
    post: async (path, data) => (await json<never>({ method: 'POST', path, body: data })).result,
    put: async (path, data) => (await json<never>({ method: 'PUT', path, body: data })).result,
    get: async (path, params) => (await json<never>({ method: 'GET', path, query: params })).result,
    del: async (path, params) => (await json<never>({ method: 'DELETE', path, query: params })).result,
    upload: (path, query, form) => json({ method: 'POST', path, query, form }),
    downloadBlob: async (path, data, method = 'GET', options = {}) => (await download('blob', path, data, method, options.quietNotFound)) as Blob,
    downloadText: async (path, data, method = 'GET') => (await download('text', path, data, method)) as string,
  };
}

/**
 * Reads a response: an envelope whenever one is there (the server answers 401/403/404/409/422 with
 * one, and its code decides), the file for a successful download, 'failed' for anything else.
 */
async function receive(response: Response, expect: Expect): Promise<Reply> {
  const type = response.headers.get('content-type') ?? '';
  if (expect !== 'json' && !type.includes('json')) {
    if (!response.ok) return { kind: 'failed' };
    return { kind: 'data', data: expect === 'blob' ? await response.blob() : await response.text() };
  }
  const text = await response.text();
  const envelope = parseEnvelope(text);
  if (envelope && (expect === 'json' || envelope.code !== ResultCode.ok)) return { kind: 'envelope', envelope };
  if (expect === 'json' || !response.ok) return { kind: 'failed' };
  return { kind: 'data', data: expect === 'blob' ? new Blob([text], { type }) : text };
}
