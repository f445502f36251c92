import { describe, expect, it } from 'vitest';
import { stripSecrets } from './logger.js';

describe('log lines hold no secrets', () => {
  it('redacts the session key, sign and passwords in a logged URL', () => {
    expect(stripSecrets('/online/x?a=1&sessionKey=abc123&sign=FFEE&password=p&b=2')).toBe(
      '/online/x?a=1&sessionKey=[redacted]&sign=[redacted]&password=[redacted]&b=2',
    );
  });
});
