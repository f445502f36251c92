import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '@care/shared';
import type { RouteDeclaration } from './route-table.js';

const unsignedPublic: RouteDeclaration = { access: 'public', signature: false };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA under /app/: files that exist are sent (hashed assets cached for a year),
 * any other /app/… path answers index.html (history routing; never cached), a missing hashed asset
 * is a real 404 so the browser's chunk-load retry can notice it, and / redirects to /app/. The build
 * writes a brotli (.br) and a gzip (.gz) copy beside each text file; the one the client's
 * Accept-Encoding prefers is sent as it is (no compression per request), the plain file otherwise.
 */
export async function registerSpa(app: FastifyInstance, webDist: string, runtimeConfig: RuntimeConfig): Promise<void> {
  const files = listFiles(webDist);
  await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });

  const runtimeScript = `window.${RUNTIME_CONFIG_GLOBAL} = ${JSON.stringify(runtimeConfig)};\n`;
  app.get('/app/runtime-config.js', { config: unsignedPublic }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('application/javascript; charset=utf-8').send(runtimeScript),
  );
  app.get('/', { config: unsignedPublic }, async (_request, reply) => reply.redirect('/app/'));
  app.get('/app', { config: unsignedPublic }, async (_request, reply) => reply.redirect('/app/'));
  app.get('/app/*', { config: unsignedPublic }, async (request, reply) => {
    const wanted = (request.params as { '*': string })['*'];
    if (files.has(wanted) && wanted !== 'index.html') {
      reply.header('cache-control', wanted.startsWith('assets/') ? IMMUTABLE : 'public, max-age=3600');
      return reply.sendFile(wanted, { cacheControl: false });
    }
    if (wanted.startsWith('assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return sendIndex(reply, files);
  });
}

function sendIndex(reply: FastifyReply, files: Set<string>) {
  reply.header('cache-control', 'no-cache');
  if (!files.has('index.html')) {
    return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`.');
  }
  return reply.sendFile('index.html', { cacheControl: false });
}

/** The build is immutable while the server runs, so its file list is read once; only listed files are ever served. */
function listFiles(root: string): Set<string> {
  const found = new Set<string>();
  if (!fs.existsSync(root)) return found;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      // Build metadata (.vite/manifest, chunk report) is for the build checks, not for browsers.
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) found.add(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return found;
}
