import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { dictVersion, itemsOfCode, type OptionRow } from './dict.repo.js';

/** How often a server asks whether another instance changed a dictionary. */
export const DICT_VERSION_CHECK_MS = 1000;

/**
 * Dictionary items in memory, per database. A change made here clears the cache at once; a change made
 * on another instance (or in SQL) bumps `dict_version` by trigger, which each server reads at most once
 * per DICT_VERSION_CHECK_MS — so elsewhere a change shows within about a second.
 */
export class DictCache {
  private readonly byCode = new Map<string, Promise<OptionRow[] | undefined>>();
  private version: number | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly checkEveryMs = DICT_VERSION_CHECK_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The items of a dictionary in display order (disabled ones included), or undefined when there is none. */
  async items(code: string): Promise<OptionRow[] | undefined> {
    await this.checkVersion();
    let entry = this.byCode.get(code);
    if (!entry) {
      entry = itemsOfCode(this.db, code);
      this.byCode.set(code, entry);
      // A failed read is not kept.
      entry.catch(() => {
        if (this.byCode.get(code) === entry) this.byCode.delete(code);
      });
    }
    return entry;
  }

  /** After a write through this server: forget everything and re-read the version on the next read. */
  invalidate(): void {
    this.byCode.clear();
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  private checkVersion(): Promise<void> {
    if (this.now() - this.checkedAt < this.checkEveryMs) return Promise.resolve();
    this.checking ??= (async () => {
      try {
        const version = await dictVersion(this.db);
        // Entries read before this point may predate the version: drop them when it moved.
        if (version !== this.version) this.byCode.clear();
        this.version = version;
        this.checkedAt = this.now();
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }
}

const caches = new WeakMap<Kysely<DB>, DictCache>();

/** The cache of one database (one per app; tests build several apps in one process). */
export function dictCacheFor(db: Kysely<DB>): DictCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new DictCache(db)));
  return cache;
}
