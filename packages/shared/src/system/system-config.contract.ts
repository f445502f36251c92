import { z } from 'zod';
import { defineContract } from '../api/contract.js';

/** System configuration shown on the login page and in the shell (spec §3). */
export const systemConfigSchema = z.object({
  systemName: z.string(),
  loginSystemName: z.string(),
  logoImageUrl: z.string(),
  loginImageUrl: z.string(),
  loginBackImageUrl: z.string(),
  copyrightDesc: z.string(),
  description: z.string(),
  modeType: z.enum(['hospital', 'home']),
  relatedLinkName1: z.string(), relatedLinkUrl1: z.string(),
  relatedLinkName2: z.string(), relatedLinkUrl2: z.string(),
  relatedLinkName3: z.string(), relatedLinkUrl3: z.string(),
  relatedLinkName4: z.string(), relatedLinkUrl4: z.string(),
  relatedLinkName5: z.string(), relatedLinkUrl5: z.string(),
});
export type SystemConfig = z.infer<typeof systemConfigSchema>;

/** Default logo title (spec §9). */
export const DEFAULT_LOGO_TITLE = '科技平台';

export const systemContract = {
  getSystemConfig: defineContract({
    method: 'POST',
    path: '/online/api/getSystemConfig',
    access: 'public',
    result: systemConfigSchema,
  }),
};
