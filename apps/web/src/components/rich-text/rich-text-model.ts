// Headless rules of the rich-text editor, apart from the editor itself (which loads lazily).

const ALLOWED_SCHEME = /^(https?:|mailto:|tel:)/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The href a typed link becomes: http(s), mailto and tel links and site paths as typed, a bare host
 * (`www.example.com/a`) as https; null for anything else (javascript:, data:, text with spaces), which
 * the server would strip anyway.
 */
export function linkHref(input: string): string | null {
  const url = input.trim();
  if (!url || /\s/.test(url)) return null;
  if (ALLOWED_SCHEME.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (ANY_SCHEME.test(url) || url.startsWith('//')) return null;
  // A host needs a dot before its path: "abc" alone is more likely a typo than a link.
  return /^[^/?#]+\.[^/?#]+/.test(url) ? `https://${url}` : null;
}

/** The form value of the editor's document: an empty document (`<p></p>`) is no content at all. */
export function editorValue(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html;
}

/** What an antd Form field gives the editor, and what the page sets. */
export interface RichTextEditorProps {
  /** HTML; '' when the document is empty. */
  value?: string;
  onChange?: (value: string) => void;
  /** Set by antd's Form.Item: on the editor, or on the HTML source box while that is shown. */
  id?: string;
  /** The editor's accessible name (a contenteditable is not named by the form's label). */
  'aria-label'?: string;
  disabled?: boolean;
  /** Height of the writing area in px. */
  minHeight?: number;
}
