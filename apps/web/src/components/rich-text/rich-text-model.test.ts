import { describe, expect, it } from 'vitest';
import { editorValue, linkHref } from './rich-text-model';

describe('linkHref', () => {
  it('keeps web, mail and phone links and site paths as typed', () => {
    expect(linkHref(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(linkHref('HTTP://example.com')).toBe('HTTP://example.com');
    expect(linkHref('mailto:care@example.com')).toBe('mailto:care@example.com');
    expect(linkHref('tel:02012345678')).toBe('tel:02012345678');
    expect(linkHref('/crm/lead')).toBe('/crm/lead');
  });
  it('makes a bare host an https link', () => {
    expect(linkHref('www.example.com/page')).toBe('https://www.example.com/page');
    expect(linkHref('example.com')).toBe('https://example.com');
  });
  it('refuses script, data and protocol-relative links, text with spaces and empty input', () => {
    expect(linkHref('javascript:alert(1)')).toBeNull();
    expect(linkHref(' JavaScript:alert(1)')).toBeNull();
    expect(linkHref('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(linkHref('vbscript:msgbox')).toBeNull();
    expect(linkHref('//evil.example.com')).toBeNull();
    expect(linkHref('not a link')).toBeNull();
    expect(linkHref('abc')).toBeNull();
    expect(linkHref('   ')).toBeNull();
  });
});

describe('editorValue', () => {
  it('is empty for an empty document and the HTML otherwise', () => {
    expect(editorValue('<p></p>', true)).toBe('');
    expect(editorValue('<p><strong>开会</strong></p>', false)).toBe('<p><strong>开会</strong></p>');
  });
});
