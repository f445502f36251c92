import { describe, expect, it } from 'vitest';
import { escapeHtml, fillHtml, fillText, plainExcerpt, sanitizeStoredHtml } from './html.js';

describe('stored HTML', () => {
  it.each([
    ['<p>a<script>alert(1)</script></p>', '<p>a</p>'],
    ['<img src="https://x.example/a.png" onerror="alert(1)">', '<img src="https://x.example/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,AAAA">', '<img />'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<iframe src="https://x.example"></iframe><object data="x"></object>', ''],
    ['<p style="position:fixed;top:0;color:#f00;text-align:center">x</p>', '<p style="color:#f00;text-align:center">x</p>'],
    ['<a href="https://ok.example" target="_self">x</a>', '<a href="https://ok.example" target="_blank" rel="noopener noreferrer">x</a>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', '<table></table>'],
  ])('sanitises %s', (input, expected) => {
    expect(sanitizeStoredHtml(input)).toBe(expected);
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('placeholders', () => {
  it('substitutes values escaped into the HTML body and never evaluates anything', () => {
    expect(fillHtml('<p>${name} ${a.b} ${x}</p>', { name: '<script>alert(1)</script>', 'a.b': 2 })).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; 2 ${x}</p>');
    expect(fillHtml('<p>${constructor}${toString}</p>', {})).toBe('<p>${constructor}${toString}</p>');
    expect(fillHtml('<p>${7*7}#{1+1}{{1+1}}</p>', { '7*7': 'x' })).toBe('<p>${7*7}#{1+1}{{1+1}}</p>');
  });

  it('drops a dangerous link that a value builds', () => {
    expect(fillHtml('<a href="${url}">go</a>', { url: 'javascript:alert(1)' })).toBe('<a>go</a>');
    expect(fillHtml('<a href="${url}">go</a>', { url: '" onclick="alert(1)' })).toBe('<a href="&quot; onclick=&quot;alert(1)">go</a>');
  });

  it('fills a plain-text title without markup handling, control characters removed', () => {
    expect(fillText('客户 ${name}', { name: '张三\n<b>\u0007' })).toBe('客户 张三 <b> ');
  });
});

describe('plain excerpt', () => {
  it('gives the text of HTML, entities decoded, blocks separated, shortened', () => {
    expect(plainExcerpt('<p>你好&amp;<b>世界</b></p><p>第二段&lt;x&gt;&#39;&#x4e00;</p><script>x</script>')).toBe("你好&世界 第二段<x>'一");
    expect(plainExcerpt(`<p>${'字'.repeat(300)}</p>`, 10)).toBe(`${'字'.repeat(10)}…`);
  });
});
