import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from '@care/shared';

/** A route that takes one uploaded file declares it: `config.multipart = { fileSize, tooBig? }`. */
export interface MultipartDeclaration {
  /** Largest file in bytes; a longer one is refused (413) while it streams, never buffered whole. */
  fileSize: number;
  /** The refusal's message for a file over `fileSize` (default 请求内容过大). */
  tooBig?: string;
}

/** What every route must declare (STYLE.md rule 3): who may call it, and whether it is signed. */
export interface RouteDeclaration {
  access: Access;
  /** false only for the few public routes a browser or load balancer reaches without the client
   * library: the health check, the SPA files and the runtime config script. */
  signature?: boolean;
  /** false: no 访问日志 row (only the bench's twin of its bare route). */
  visitLog?: boolean;
  /** How the caller proves its session: the X-Access-Token header (default), or a single-use push
   * ticket in the query (the live-push WebSocket, which cannot send headers; `authenticated` only). */
  credential?: 'token' | 'push-ticket';
  /** The route takes one uploaded file (multipart), read by its handler after the guards ran with
   * these limits; every other route refuses multipart (415) before reading the body. */
  multipart?: MultipartDeclaration;
}

export interface RouteTableEntry {
  method: string;
  url: string;
  access: Access;
  signed: boolean;
}

export class UndeclaredRouteError extends Error {}

/**
 * Installs the start-up check: a route registered without a declaration throws, so the server never
 * starts with a route whose permission nobody decided. Returns the live route → action table.
 */
export function enforceRouteDeclarations(app: FastifyInstance): RouteTableEntry[] {
  const table: RouteTableEntry[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = ([] as string[]).concat(route.method);
    const declaration = route.config as Partial<RouteDeclaration> | undefined;
    const name = `${methods.join(',')} ${route.url}`;
    if (!declaration?.access) {
      throw new UndeclaredRouteError(`Route ${name} declares no access (a permission action, 'public' or 'authenticated')`);
    }
    const signed = declaration.signature !== false;
    if (!signed && declaration.access !== 'public') {
      throw new UndeclaredRouteError(`Route ${name} skips the signature but is not public`);
    }
    for (const method of methods) {
      // Fastify adds a HEAD twin for every GET; it is the same route.
      if (method === 'HEAD' && methods.length === 1 && table.some((e) => e.method === 'GET' && e.url === route.url)) continue;
      table.push({ method, url: route.url, access: declaration.access, signed });
    }
  });
  return table;
}
