import { z } from 'zod';
import { ResultCode, type ResultCodeValue } from './codes.js';

/** The one response shape of every API call: `{ success, message, result, code }`. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  result: T;
  code: ResultCodeValue;
}

export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    result,
    code: z.enum(Object.values(ResultCode) as [ResultCodeValue, ...ResultCodeValue[]]),
  });
}

export function ok<T>(result: T, message = '操作成功'): Envelope<T> {
  return { success: true, message, result, code: ResultCode.ok };
}

export function fail(code: Exclude<ResultCodeValue, '0'>, message: string): Envelope<null> {
  return { success: false, message, result: null, code };
}
