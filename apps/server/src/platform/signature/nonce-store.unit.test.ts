import { describe, expect, it } from 'vitest';
import { MemoryNonceStore } from './nonce-store.js';

describe('memory nonce store', () => {
  it('remembers a nonce until it expires, then forgets it', () => {
    let now = 1_000_000_000_000;
    const store = new MemoryNonceStore(() => now);
    expect(store.rememberSync('a', now + 300_000)).toBe(true);
    expect(store.rememberSync('a', now + 300_000)).toBe(false);
    now += 10 * 60_000;
    expect(store.rememberSync('b', now + 300_000)).toBe(true); // a new bucket sweeps old ones
    expect(store.size).toBe(1);
  });

  it('keeps a nonce at least until its expiry, across bucket boundaries', () => {
    let now = 1_000_000_000_000;
    const store = new MemoryNonceStore(() => now);
    const expiry = now + 300_000;
    store.rememberSync('x', expiry);
    now = expiry - 1;
    store.rememberSync('y', now + 300_000);
    expect(store.rememberSync('x', expiry)).toBe(false);
  });
});
