import sanitizeHtml from 'sanitize-html';
import { PLACEHOLDER_PATTERN, type TemplateData } from '@care/shared';

// Stored HTML (announcements, message templates and the messages filled from them): formatting,
// links and images only. Scripts, event handlers, `javascript:`/`data:` URLs and styles that could
// overlay the page are dropped; the browser sanitises again when rendering (DOMPurify).
const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'u', 's', 'del', 'ins', 'h1', 'h2'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    font: ['color'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(px|em|rem|%)$/],
      'font-weight': [/^(normal|bold|\d{3})$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opening a new window must not hand it `window.opener`.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, options);
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c]!);
}

/**
 * Plain substitution of `${name}` placeholders — no expression is ever evaluated. A placeholder
 * without a value stays as written so the gap is visible.
 */
export function fillPlaceholders(text: string, data: TemplateData, encode: (value: string) => string): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => (Object.hasOwn(data, name) ? encode(String(data[name])) : whole));
}

/** A template's HTML body filled with escaped values, then sanitised again (a value may sit in an attribute). */
export function fillHtml(body: string, data: TemplateData): string {
  return sanitizeStoredHtml(fillPlaceholders(body, data, escapeHtml));
}

/** A template's plain-text title: values as they are (it is shown as text), control characters removed. */
export function fillText(title: string, data: TemplateData, max = 200): string {
  // eslint-disable-next-line no-control-regex
  return fillPlaceholders(title, data, (v) => v.replace(/[\u0000-\u001f\u007f]/g, ' ')).slice(0, max);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of stored HTML, shortened: for push notifications, which show text only. */
export function plainExcerpt(html: string, max = 200): string {
  // Block ends become spaces, so paragraphs do not run together.
  const text = sanitizeHtml(html.replace(/<\/(p|div|li|h[1-6]|tr|td|th)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] === '#') {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return entities[ref.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return [...text].length > max ? `${[...text].slice(0, max).join('')}…` : text;
}
