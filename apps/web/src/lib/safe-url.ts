/**
 * The address if it is http(s) or site-relative, else null: configured text must never become a
 * `javascript:` link, an iframe source of another scheme, or an unquoted CSS url().
 */
export function safeUrl(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
