import DOMPurify from 'dompurify';
import { useMemo, type CSSProperties } from 'react';

// Stored HTML is sanitised on save; it is sanitised again here, on render (SECURITY.md: stored HTML).
let hooked = false;
function purify(html: string): string {
  if (!hooked) {
    // A link opening a new window must not hand it `window.opener`.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'button'], FORBID_ATTR: ['srcset'] });
}

/** Renders announcement or message HTML through DOMPurify. */
export function SafeHtml({ html, className, style }: { html: string; className?: string; style?: CSSProperties }) {
  const clean = useMemo(() => purify(html), [html]);
  return <div className={['safe-html', className].filter(Boolean).join(' ')} style={style} dangerouslySetInnerHTML={{ __html: clean }} />;
}
