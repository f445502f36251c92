import { createHash, timingSafeEqual } from 'node:crypto';
import { NONCE_WINDOW_MS, nonceTime, signingString, type SignAlgorithm } from '@care/shared';
import { BadSignature } from '../errors.js';
import type { NonceStore } from './nonce-store.js';

export interface SignatureSettings {
  appId: string;
  siteId: string;
  secret: string;
  algorithm: SignAlgorithm;
}

/**
 * Checks the request signature of ARCHITECTURE.md: right app and site, nonce time within five
 * minutes either way, sign equal to the recomputed digest (constant-time), nonce never seen before.
 * Every failure is the same 101 签名校验失败, so a caller learns nothing about which check failed.
 */
export class SignatureVerifier {
  constructor(
    private readonly settings: SignatureSettings,
    private readonly nonces: NonceStore,
    private readonly now: () => number = Date.now,
  ) {}

  async verify(fields: Record<string, unknown>): Promise<void> {
    const { sign, nonce, appId, siteId } = fields;
    if (typeof sign !== 'string' || appId !== this.settings.appId || siteId !== this.settings.siteId) throw new BadSignature();
    const issuedAt = nonceTime(nonce);
    if (issuedAt === null || Math.abs(this.now() - issuedAt) > NONCE_WINDOW_MS) throw new BadSignature();
    const expected = Buffer.from(digest(fields, this.settings), 'latin1');
    const given = Buffer.from(sign, 'latin1');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new BadSignature();
    // Remembered only once the signature is valid, so forged requests cannot burn real nonces.
    if (!(await this.nonces.remember(nonce as string, issuedAt + NONCE_WINDOW_MS))) throw new BadSignature();
  }
}

/** Same string as the shared signFields; node's native hash because this runs on every request. */
function digest(fields: Record<string, unknown>, s: SignatureSettings): string {
  return createHash(s.algorithm).update(signingString(fields, s.secret), 'utf8').digest('hex').toUpperCase();
}
