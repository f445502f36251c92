import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, PAGE_LOAD_TIMEOUT_MS, importWithTimeout, isChunkLoadError, pageComponentOf, toChunkLoadError } from './lazy-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('importWithTimeout', () => {
  it('resolves with the module when it arrives in time', async () => {
    await expect(importWithTimeout(() => Promise.resolve({ a: 1 }))).resolves.toEqual({ a: 1 });
  });

  it('fails with ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    const pending = importWithTimeout(() => new Promise<never>(() => {}));
    const seen = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_TIMEOUT' });
    await vi.advanceTimersByTimeAsync(PAGE_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    pending.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await seen;
    expect(PAGE_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('turns a failed import into ChunkLoadError', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /app/assets/x.js'));
    await expect(importWithTimeout(failing)).rejects.toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_FAILED' });
  });
});

describe('toChunkLoadError', () => {
  it('recognises a failed style chunk', () => {
    const error = toChunkLoadError(new Error('Unable to preload CSS for /app/assets/Analysis-abc.css'));
    expect(error.code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('keeps an existing ChunkLoadError', () => {
    const error = new ChunkLoadError('CHUNK_LOAD_TIMEOUT', 'x');
    expect(toChunkLoadError(error)).toBe(error);
    expect(isChunkLoadError(new Error('x'))).toBe(false);
  });
});

describe('pageComponentOf', () => {
  const Analysis = () => null;
  it('takes the export named like the file, then the default export', () => {
    expect(pageComponentOf({ Analysis }, 'dashboard/Analysis')).toBe(Analysis);
    expect(pageComponentOf({ default: Analysis }, 'dashboard/Analysis')).toBe(Analysis);
  });

  it('fails clearly when there is neither', () => {
    expect(() => pageComponentOf({ other: 1 }, 'dashboard/Analysis')).toThrow('exports no component named Analysis');
  });
});
