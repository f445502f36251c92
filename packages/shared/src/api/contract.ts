import type { z } from 'zod';
import type { Access } from '../permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call: its method and path (spec §7 where the spec names it), who may call it, and the
 * schemas of its input and result. The server registers routes from these; the browser calls them.
 */
export interface Contract<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TResult extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path; `:name` segments are path parameters (e.g. `/online/user/randomImage/:checkKey`). */
  path: string;
  access: Access;
  body?: TBody;
  query?: TQuery;
  result: TResult;
  /** Text of the success envelope's message when the spec fixes one (e.g. 保存成功！). */
  successMessage?: string;
}

export function defineContract<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TResult extends z.ZodType = z.ZodType,
>(contract: Contract<TBody, TQuery, TResult>): Contract<TBody, TQuery, TResult> {
  return contract;
}

export type ContractResult<C> = C extends Contract<infer _B, infer _Q, infer R> ? z.infer<R> : never;
export type ContractBody<C> = C extends Contract<infer B, infer _Q, infer _R> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
