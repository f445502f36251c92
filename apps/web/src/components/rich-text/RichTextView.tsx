import type { CSSProperties } from 'react';
import { SafeHtml } from '../message/SafeHtml';

/** Stored rich text (what RichTextEditor saves), rendered through DOMPurify by the product's one sanitising viewer. */
export function RichTextView({ html, className, style }: { html: string; className?: string; style?: CSSProperties }) {
  return <SafeHtml html={html} className={['rich-text-view', className].filter(Boolean).join(' ')} style={style} />;
}
