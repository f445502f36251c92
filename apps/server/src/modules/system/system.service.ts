import type { Kysely } from 'kysely';
import { DEFAULT_LOGO_TITLE, systemConfigSchema, type SystemConfig } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { findSystemConfig } from './system.repo.js';

export const defaultSystemConfig: SystemConfig = {
  systemName: DEFAULT_LOGO_TITLE,
  loginSystemName: DEFAULT_LOGO_TITLE,
  logoImageUrl: '',
  loginImageUrl: '',
  loginBackImageUrl: '',
  copyrightDesc: '',
  description: '',
  modeType: 'hospital',
  relatedLinkName1: '', relatedLinkUrl1: '',
  relatedLinkName2: '', relatedLinkUrl2: '',
  relatedLinkName3: '', relatedLinkUrl3: '',
  relatedLinkName4: '', relatedLinkUrl4: '',
  relatedLinkName5: '', relatedLinkUrl5: '',
};

/** The stored configuration over the defaults, so a field added later never reaches the page empty. */
export async function loadSystemConfig(db: Kysely<DB>): Promise<SystemConfig> {
  const stored = (await findSystemConfig(db)) ?? {};
  return systemConfigSchema.parse({ ...defaultSystemConfig, ...stored });
}

/**
 * Every page load and the login page ask for the configuration, so it is held in memory for a moment.
 * A write on this instance invalidates it at once; other instances see it within the TTL.
 */
export class SystemConfigService {
  private cached: { value: Promise<SystemConfig>; at: number } | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<SystemConfig> {
    const now = this.now();
    if (!this.cached || now - this.cached.at >= this.ttlMs) {
      // Concurrent callers share one load; a failed load is not kept.
      const value = loadSystemConfig(this.db);
      this.cached = { value, at: now };
      value.catch(() => {
        if (this.cached?.value === value) this.cached = undefined;
      });
    }
    return this.cached.value;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
