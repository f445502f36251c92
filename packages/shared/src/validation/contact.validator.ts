import { z } from 'zod';
import { refineWith } from './check.js';
import { AGE_MAX, AGE_MESSAGE, AGE_MIN, EMAIL_MESSAGE, emailCheck, PHONE_MESSAGE, phoneCheck } from './contact.check.js';

export * from './contact.check.js';

/** Optional phone: '' or a valid number. Add `.optional()` / `.nullish()` where the key may be absent. */
export const phoneSchema = z.string({ error: PHONE_MESSAGE }).superRefine(refineWith(phoneCheck));

/** Optional email: '' or a valid address. Add `.optional()` / `.nullish()` where the key may be absent. */
export const emailSchema = z.string({ error: EMAIL_MESSAGE }).superRefine(refineWith(emailCheck));

/** Age as a JSON number. Add `.optional()` / `.nullable()` where it may be left out. */
export const ageSchema = z
  .number({ error: AGE_MESSAGE })
  .int({ error: AGE_MESSAGE })
  .min(AGE_MIN, { error: AGE_MESSAGE })
  .max(AGE_MAX, { error: AGE_MESSAGE });
