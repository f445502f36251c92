import sanitizeHtml from 'sanitize-html';

// Contract terms are stored and printed as HTML: headings, paragraphs, lists, tables with borders and
// page breaks. Scripts, event handlers, `javascript:`/`data:` URLs and unknown styles are dropped; the
// browser sanitises again when rendering (SafeHtml).
const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i];
const length = [/^\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt|mm|cm)?$/];
const lengths = [/^(\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt|mm|cm)?\s?){1,4}$/];
const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'u', 's', 'h1', 'h2', 'colgroup', 'col'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'width', 'align'],
    th: ['colspan', 'rowspan', 'width', 'align'],
    col: ['width', 'span'],
    table: ['width', 'border', 'cellpadding', 'cellspacing'],
    font: ['color'],
    '*': ['style', 'class'],
  },
  allowedClasses: { '*': ['page-break', 'signature', 'center', 'right'] },
  allowedStyles: {
    '*': {
      color: colour,
      'background-color': colour,
      'text-align': [/^(left|right|center|justify)$/],
      'text-indent': length,
      'font-size': length,
      'font-weight': [/^(normal|bold|\d{3})$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'line-height': length,
      width: length,
      margin: lengths,
      'margin-top': length,
      'margin-bottom': length,
      padding: lengths,
      border: [/^\d{1,2}px (solid|dashed|dotted) (#[0-9a-f]{3,8}|[a-z]+)$/i],
      'border-collapse': [/^(collapse|separate)$/],
      'page-break-before': [/^(always|auto|avoid)$/],
      'page-break-after': [/^(always|auto|avoid)$/],
      'page-break-inside': [/^(auto|avoid)$/],
      'break-before': [/^(page|auto|avoid)$/],
      'break-after': [/^(page|auto|avoid)$/],
      'break-inside': [/^(auto|avoid)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Contract HTML as it may be stored and printed. */
export function sanitizeContractHtml(html: string): string {
  return sanitizeHtml(html, options);
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A value put into the terms: text, never markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c]!);
}
