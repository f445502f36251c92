import { describe, expect, it } from 'vitest';
import type { SystemConfig } from '@care/shared';
import { footerLinks, safeUrl } from './login-footer';

const blank: SystemConfig = {
  systemName: '', loginSystemName: '', logoImageUrl: '', loginImageUrl: '', loginBackImageUrl: '', copyrightDesc: '',
  description: '', modeType: 'hospital',
  relatedLinkName1: '', relatedLinkUrl1: '', relatedLinkName2: '', relatedLinkUrl2: '', relatedLinkName3: '', relatedLinkUrl3: '',
  relatedLinkName4: '', relatedLinkUrl4: '', relatedLinkName5: '', relatedLinkUrl5: '',
  selfAuditAllowed: false,
};

describe('footerLinks', () => {
  it('keeps only the filled-in slots, in order', () => {
    const config = {
      ...blank,
      relatedLinkName1: '官网', relatedLinkUrl1: 'https://example.com',
      relatedLinkName2: '无地址', relatedLinkUrl2: '',
      relatedLinkName4: '帮助', relatedLinkUrl4: '/app/help',
      relatedLinkName5: '', relatedLinkUrl5: 'https://example.com/x',
    };
    expect(footerLinks(config)).toEqual([
      { name: '官网', url: 'https://example.com/' },
      { name: '帮助', url: '/app/help' },
    ]);
    expect(footerLinks(blank)).toEqual([]);
  });

  it('drops links that are not http(s) or site-relative', () => {
    expect(footerLinks({ ...blank, relatedLinkName1: 'x', relatedLinkUrl1: 'javascript:alert(1)' })).toEqual([]);
  });
});

describe('safeUrl', () => {
  it('accepts http(s) and site paths only', () => {
    expect(safeUrl('/online/files/bg.png')).toBe('/online/files/bg.png');
    expect(safeUrl('http://a.cn/b.png')).toBe('http://a.cn/b.png');
    expect(safeUrl('//evil.example/x')).toBeNull();
    expect(safeUrl('data:text/html,x')).toBeNull();
    expect(safeUrl('logo.png')).toBeNull();
    expect(safeUrl('  ')).toBeNull();
  });
});
