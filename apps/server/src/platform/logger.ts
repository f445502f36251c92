import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.js';

/** pino settings: never write tokens, signatures or passwords to the log. */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers["x-access-token"]', 'req.headers["x-link-token"]', 'req.headers["x-display-token"]', 'req.headers["x-ai-log-token"]', 'req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.sessionKey'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: stripSecrets(req.url), ip: req.ip }),
    },
  };
}

const SECRET_PARAMS = /([?&](?:sessionKey|sign|token|ticket|password)=)[^&]*/gi;

export function stripSecrets(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
