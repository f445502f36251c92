import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than its own cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers of a compressible type (JSON, HTML, scripts; not xlsx or images, which are
 * compressed already) above the threshold with brotli (quality 4, the plugin's default: fast enough
 * per request) or gzip, as the client's Accept-Encoding allows. The SPA's built files carry
 * precompressed copies that spa.ts sends as they are; an answer that already has a Content-Encoding
 * is left alone. Request bodies are never inflated: a small compressed body could expand far past
 * what the body limit means to allow. Register before any route (the plugin hooks onRoute).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
}
