import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('accepts http(s) addresses and site paths', () => {
    expect(safeUrl(' https://docs.example.com/a ')).toBe('https://docs.example.com/a');
    expect(safeUrl('/static/doc.html')).toBe('/static/doc.html');
  });

  it('refuses other schemes and protocol-relative forms', () => {
    for (const value of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'doc.html', '']) {
      expect(safeUrl(value), value).toBeNull();
    }
  });
});
