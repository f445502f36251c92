import type { ComponentType } from 'react';

/** Spec §9: a lazily loaded page that has not arrived after this long has failed. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

export type ChunkFailure = 'CHUNK_LOAD_FAILED' | 'CHUNK_LOAD_TIMEOUT' | 'CSS_CHUNK_LOAD_FAILED';

/** A page's code or style chunk could not be loaded (spec §8): offline, or replaced by a deploy. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly code: ChunkFailure;

  constructor(code: ChunkFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Any failure of a dynamic import, as a ChunkLoadError; Vite reports a missing style chunk as "Unable to preload CSS". */
export function toChunkLoadError(error: unknown): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code: ChunkFailure = /preload CSS|CSS_CHUNK_LOAD_FAILED/i.test(message) ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED';
  return new ChunkLoadError(code, message, { cause: error });
}

/** Runs a dynamic import with the spec's time-out; every failure comes out as a ChunkLoadError. */
export function importWithTimeout<T>(importer: () => Promise<T>, timeoutMs: number = PAGE_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError('CHUNK_LOAD_TIMEOUT', `Loading chunk timed out after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    importer().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(error));
      },
    );
  });
}

/**
 * The component a page module offers for `key` (`dashboard/Analysis`): the export named like the
 * file (`Analysis`, our named-export convention), else the default export.
 */
export function pageComponentOf(module: Record<string, unknown>, key: string): ComponentType {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const component = module[name] ?? module.default;
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new Error(`page ${key} exports no component named ${name}`);
  }
  return component as ComponentType;
}
