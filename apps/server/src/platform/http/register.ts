import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, type Contract } from '@care/shared';
import type { RouteDeclaration } from './route-table.js';
import { assertPageWindow } from './page-window.js';

// `body?:` on the contract adds undefined; a contract that defines a schema always validates it.
type Defined<T> = Exclude<T, undefined>;
type Infer<T> = [Defined<T>] extends [never] ? undefined : Defined<T> extends z.ZodType ? z.infer<Defined<T>> : undefined;

export interface ContractInput<C extends Contract> {
  body: Infer<C['body']>;
  query: Infer<C['query']>;
  params: Record<string, string>;
  request: FastifyRequest;
  /** For headers only (e.g. a cookie); the handler's value is still the answer. */
  reply: FastifyReply;
}

/**
 * Registers a shared contract as a route: its input schemas validate the request, its access is the
 * route's declaration, and the handler's value is wrapped in the success envelope.
 */
export function registerContract<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: (input: ContractInput<C>) => Promise<z.infer<C['result']>>,
): void {
  const config: RouteDeclaration = { access: contract.access };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    config,
    schema: {
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
    },
    handler: async (request, reply) => {
      assertPageWindow(request.body, request.query);
      return ok(await handler({ body: request.body as Infer<C['body']>, query: request.query as Infer<C['query']>, params: request.params as Record<string, string>, request, reply }), contract.successMessage);
    },
  });
}
