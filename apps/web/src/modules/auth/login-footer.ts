import type { SystemConfig } from '@care/shared';
import { safeUrl } from '../../lib/safe-url';

export { safeUrl };

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
