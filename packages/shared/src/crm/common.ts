import { z } from 'zod';
import { dateSchema, dateTimeSchema } from '../validation/date-rule.js';

export { isCalendarDate } from '../validation/date-rule.js';

/** Any real date (1900–2199); a date of the business takes `dateSchema(label, { window: 'business' })`. */
export const crmDateSchema = (message: string) => dateSchema('', { message });

/** Any real wall-clock time in Asia/Shanghai, `YYYY-MM-DD HH:mm[:ss]` (1900–2199). */
export const crmDateTimeSchema = (message: string) => dateTimeSchema('', { message });

/** Money with at most two decimals, as exact text (numeric(14,2)). */
export const crmMoneySchema = (message: string) =>
  z.union([z.string(), z.number()]).transform((v) => String(v).trim()).refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), message);

/** A row for selects: id and name. */
export const crmOptionSchema = z.object({ id: z.string(), name: z.string(), code: z.string().optional() });
export type CrmOption = z.infer<typeof crmOptionSchema>;

export const crmIdSchema = z.object({ id: z.uuid({ message: '缺少ID' }) });
export const crmStatusSchema = z.object({ id: z.uuid({ message: '缺少ID' }), enabled: z.boolean({ message: '请选择状态' }) });
