import type { Envelope } from '@care/shared';

// How request fields travel and how an answer is recognised; kept apart from the request flow.

export type Params = Record<string, unknown>;

export function parseEnvelope(text: string): Envelope | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { success, message, result, code } = value as Record<string, unknown>;
  if (typeof success !== 'boolean' || typeof code !== 'string') return null;
  // Unknown codes pass through as they are: the caller gets them in ApiError.
  return { success, message: typeof message === 'string' ? message : '', result, code: code as Envelope['code'] };
}

export function splitPath(path: string): [string, Record<string, string>] {
  const at = path.indexOf('?');
  if (at < 0) return [path, {}];
  return [path.slice(0, at), Object.fromEntries(new URLSearchParams(path.slice(at + 1)))];
}

/**
 * Query values become the strings the server will read, and are signed as such, so both sides hash
 * the same text. Arrays travel comma-joined: a repeated name would reach the server as an array and
 * drop out of its signature while one element would not.
 */
export function toQueryFields(params: Params | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    fields[name] = Array.isArray(value) ? value.map(queryText).join(',') : queryText(value);
  }
  return fields;
}

function queryText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const json: unknown = JSON.parse(JSON.stringify(value)); // applies toJSON (Date, dayjs)
  return typeof json === 'string' ? json : JSON.stringify(json);
}

// Signing the JSON round trip signs what the server parses (a Date arrives as a string, undefined not at all).
export function toWireJson(body: Params | undefined): Params {
  return body === undefined ? {} : (JSON.parse(JSON.stringify(body)) as Params);
}

// Files are not signed (ARCHITECTURE.md, Contracts): only the text fields of a multipart form, which
// the request layer moves into the query so the server checks the signature before reading the body.
export function formFields(form: FormData | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  form?.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
  });
  return fields;
}

/** The form's files alone: its text fields travel in the signed query (see formFields). */
export function filesOnly(form: FormData): FormData {
  const files = new FormData();
  form.forEach((value, name) => {
    if (typeof value !== 'string') files.append(name, value);
  });
  return files;
}

export function withQuery(path: string, fields: Record<string, string>): string {
  const search = new URLSearchParams(fields).toString();
  return search ? `${path}?${search}` : path;
}
