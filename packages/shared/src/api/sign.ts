import { sha256 } from '@noble/hashes/sha2';
import { md5 } from '@noble/hashes/legacy';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

export type SignAlgorithm = 'sha256' | 'md5';

/** Fields the client adds to every request before signing (ARCHITECTURE.md, Contracts). */
export interface SignEnvelopeFields {
  appId: string;
  nonce: string;
  siteId: string;
  sessionKey?: string;
}

type Scalar = string | number | boolean;

function isSignedScalar(value: unknown): value is Scalar {
  if (typeof value === 'string') return value !== '';
  return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';
}

/**
 * The exact string that is hashed: scalar non-empty fields except `sign`, sorted by name in code-unit
 * order, joined as `name=value` with `&`, the secret appended with no separator.
 * Example: {b: 2, a: 1, c: ''} with secret S gives `a=1&b=2S`.
 */
export function signingString(fields: Record<string, unknown>, secret: string): string {
  const names = Object.keys(fields)
    .filter((name) => name !== 'sign' && isSignedScalar(fields[name]))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return names.map((name) => `${name}=${String(fields[name])}`).join('&') + secret;
}

/** Upper-case hex digest of the signing string. */
export function signFields(fields: Record<string, unknown>, secret: string, algorithm: SignAlgorithm = 'sha256'): string {
  const bytes = utf8ToBytes(signingString(fields, secret));
  return bytesToHex(algorithm === 'md5' ? md5(bytes) : sha256(bytes)).toUpperCase();
}

const NONCE_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const NONCE_PATTERN = /^(\d{13})[0-9a-z]{6}$/;

/** A nonce: the ms timestamp followed by 6 random characters of [0-9a-z]. */
export function makeNonce(now: number = Date.now()): string {
  const random = new Uint8Array(6);
  globalThis.crypto.getRandomValues(random);
  let tail = '';
  for (const byte of random) tail += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
  return `${now}${tail}`;
}

/** The timestamp inside a well-formed nonce, or null when it is malformed. */
export function nonceTime(nonce: unknown): number | null {
  if (typeof nonce !== 'string') return null;
  const match = NONCE_PATTERN.exec(nonce);
  return match ? Number(match[1]) : null;
}

/** Accepted distance between a nonce's timestamp and the server clock, both ways. */
export const NONCE_WINDOW_MS = 5 * 60 * 1000;
