import { describe, expect, it } from 'vitest';
import { loggerOptions, stripSecrets } from './logger.js';
import type { AppConfig } from './config.js';

describe('log lines hold no secrets', () => {
  it('redacts the session key, sign and passwords in a logged URL', () => {
    expect(stripSecrets('/online/x?a=1&sessionKey=abc123&sign=FFEE&password=p&b=2')).toBe(
      '/online/x?a=1&sessionKey=[redacted]&sign=[redacted]&password=[redacted]&b=2',
    );
  });

  it('redacts socket tickets and link tokens in a logged URL', () => {
    expect(stripSecrets('/online/displayLink/screen/ws?ticket=s.1.n.mac&sign=AB')).toBe('/online/displayLink/screen/ws?ticket=[redacted]&sign=[redacted]');
    expect(stripSecrets('/app/bigscreen/bigscreen1?token=abc')).toBe('/app/bigscreen/bigscreen1?token=[redacted]');
  });

  it('redacts every link token header (nurse, big screen, AI log) and the session token', () => {
    const options = loggerOptions({ logLevel: 'info' } as AppConfig) as { redact: { paths: string[] } };
    for (const header of ['x-access-token', 'x-link-token', 'x-display-token', 'x-ai-log-token']) {
      expect(options.redact.paths).toContain(`req.headers["${header}"]`);
    }
  });
});
