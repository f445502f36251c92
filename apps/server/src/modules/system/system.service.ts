import type { Kysely } from 'kysely';
import {
  DEFAULT_LOGO_TITLE,
  STORED_UPLOAD_PATH,
  SYSTEM_CONFIG_IMAGE_FIELDS,
  SYSTEM_CONFIG_IMAGE_PATH,
  systemConfigSchema,
  SystemConfigText,
  type SystemConfig,
  type SystemConfigDetail,
  type SystemConfigEdit,
  type SystemConfigImageField,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import type { LocalFileStorage } from '../../platform/storage.js';
import { findSystemConfig, insertSystemConfig, updateSystemConfig } from './system.repo.js';

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
  selfAuditAllowed: false,
  companyLegalName: '',
};

/** The configuration as stored: image fields hold stored upload paths or addresses. */
export interface StoredSystemConfig {
  config: SystemConfig;
  version: number;
}

/** The stored configuration over the defaults, so a field added later never reaches the page empty. */
export async function loadSystemConfig(db: Kysely<DB>): Promise<StoredSystemConfig> {
  const row = await findSystemConfig(db);
  return { config: systemConfigSchema.parse({ ...defaultSystemConfig, ...row?.config }), version: row?.version ?? 1 };
}

/**
 * What anyone may read: a stored upload becomes the public address of that image, which carries the
 * version so that a browser never keeps showing a replaced picture.
 */
export function publicConfig({ config, version }: StoredSystemConfig): SystemConfig {
  const out = { ...config };
  for (const field of SYSTEM_CONFIG_IMAGE_FIELDS) {
    if (STORED_UPLOAD_PATH.test(config[field])) out[field] = `${SYSTEM_CONFIG_IMAGE_PATH}${field}?v=${version}`;
  }
  return out;
}

/**
 * Every page load and the login page ask for the configuration, so it is held in memory for a moment.
 * A write on this instance invalidates it at once; other instances see it within the TTL.
 */
export class SystemConfigService {
  private cached: { value: Promise<StoredSystemConfig>; at: number } | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The public configuration (getSystemConfig). */
  async get(): Promise<SystemConfig> {
    return publicConfig(await this.stored());
  }

  stored(): Promise<StoredSystemConfig> {
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

export async function configDetail(db: Kysely<DB>): Promise<SystemConfigDetail> {
  const { config, version } = await loadSystemConfig(db);
  return { ...config, version };
}

/** Saves the whole configuration under the optimistic lock; the caller invalidates the cache. */
export async function saveSystemConfig(db: Kysely<DB>, storage: LocalFileStorage, session: SessionInfo, input: SystemConfigEdit): Promise<SystemConfigDetail> {
  const { version, ...config } = input;
  const current = await loadSystemConfig(db);
  if (current.version !== version) throw new StaleVersion();
  for (const field of SYSTEM_CONFIG_IMAGE_FIELDS) {
    if (config[field] !== current.config[field]) await assertUsableImage(storage, session, config[field]);
  }
  // The row is created at start-up; this only guards a database that lost it.
  await insertSystemConfig(db, defaultSystemConfig);
  if (!(await updateSystemConfig(db, session.userId, version, config))) throw new StaleVersion();
  return configDetail(db);
}

/** A newly chosen stored image must be an upload of the caller's company that exists. */
async function assertUsableImage(storage: LocalFileStorage, session: SessionInfo, value: string): Promise<void> {
  const match = STORED_UPLOAD_PATH.exec(value);
  if (!match) return;
  if (match[1] !== session.companyId) throw new BizError(SystemConfigText.badImage);
  if (!(await storage.read(value))) throw new BizError(SystemConfigText.missingImage);
}

const MIME_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

export function isImageField(field: string): field is SystemConfigImageField {
  return (SYSTEM_CONFIG_IMAGE_FIELDS as readonly string[]).includes(field);
}

/**
 * The image a configuration field names, for the login page. Only the three image fields, and only
 * when they hold a stored upload: nothing else of the upload folder is reachable this way.
 */
export async function readConfigImage(service: SystemConfigService, storage: LocalFileStorage, field: string, wantedVersion: number | undefined) {
  if (!isImageField(field)) throw new NotFound();
  let stored = await service.stored();
  // Another instance saved a moment ago: the address names a version this cache has not seen yet.
  if (wantedVersion !== undefined && wantedVersion > stored.version) {
    service.invalidate();
    stored = await service.stored();
  }
  const path = stored.config[field];
  const match = STORED_UPLOAD_PATH.exec(path);
  const data = match ? await storage.read(path) : null;
  if (!match || !data) throw new NotFound();
  return { data, mime: MIME_BY_EXT[match[4]!]!, name: `${match[3]}.${match[4]}`, current: wantedVersion === stored.version };
}
