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
export async function getSystemConfig(db: Kysely<DB>): Promise<SystemConfig> {
  const stored = (await findSystemConfig(db)) ?? {};
  return systemConfigSchema.parse({ ...defaultSystemConfig, ...stored });
}
