import { describe, expect, it } from 'vitest';
import { escapeHtml, sanitizeContractHtml } from './contract.html.js';

describe('sanitizeContractHtml', () => {
  it.each([
    ['<script>alert(1)</script><p>条款</p>', '<p>条款</p>'],
    ['<img src="x" onerror="alert(1)" />', '<img src="x" />'],
    ['<svg onload="alert(1)"><circle /></svg><p>x</p>', '<p>x</p>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,AAAA" />', '<img />'],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<p style="position: fixed; top: 0; background-image: url(javascript:x)">x</p>', '<p>x</p>'],
    ['<form action="https://evil.example"><input name="a" /></form>', ''],
  ])('drops what could run or overlay: %s', (dirty, clean) => expect(sanitizeContractHtml(dirty)).toBe(clean));

  it('keeps what a contract is laid out with: headings, bordered tables, alignment and page breaks', () => {
    const html =
      '<h1 style="text-align:center">合同</h1><table style="width:100%;border-collapse:collapse" border="1"><tbody><tr><td colspan="2" style="border:1px solid #000;padding:4px 6px">甲方</td></tr></tbody></table><p class="page-break">第二页</p>';
    expect(sanitizeContractHtml(html)).toBe(html);
  });

  it('escapes every character that could open markup or an attribute', () => {
    expect(escapeHtml(`<b onclick='x'>"&"</b>`)).toBe('&lt;b onclick=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/b&gt;');
  });
});
