import type { SystemConfig } from '@care/shared';

export interface FooterLink {
  name: string;
  url: string;
}

const LINK_SLOTS = [1, 2, 3, 4, 5] as const;

/** The configured footer links (at most five), skipping slots without a name or a usable address. */
export function footerLinks(config: SystemConfig): FooterLink[] {
  return LINK_SLOTS.flatMap((slot) => {
    const name = config[`relatedLinkName${slot}`].trim();
    const url = safeUrl(config[`relatedLinkUrl${slot}`]);
    return name && url ? [{ name, url }] : [];
  });
}

/**
 * The address if it is http(s) or site-relative, else null: configured text must never become a
 * `javascript:` link or an unquoted CSS url().
 */
export function safeUrl(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
