import { z } from 'zod';

/** A real calendar date, `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export const crmDateSchema = (message: string) => z.string().trim().refine(isCalendarDate, message);

/** A wall-clock time in Asia/Shanghai, `YYYY-MM-DD HH:mm[:ss]`. */
export const crmDateTimeSchema = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, message)
    .refine((v) => isCalendarDate(v.slice(0, 10)), message);

/** Money with at most two decimals, as exact text (numeric(14,2)). */
export const crmMoneySchema = (message: string) =>
  z.union([z.string(), z.number()]).transform((v) => String(v).trim()).refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), message);

/** A row for selects: id and name. */
export const crmOptionSchema = z.object({ id: z.string(), name: z.string(), code: z.string().optional() });
export type CrmOption = z.infer<typeof crmOptionSchema>;

export const crmIdSchema = z.object({ id: z.uuid({ message: '缺少ID' }) });
export const crmStatusSchema = z.object({ id: z.uuid({ message: '缺少ID' }), enabled: z.boolean({ message: '请选择状态' }) });
