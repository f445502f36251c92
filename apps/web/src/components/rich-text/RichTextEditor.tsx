import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-model';
import { RichTextText as T } from './rich-text-text';

// Tiptap and ProseMirror load only when a form shows the editor: never with the shell or the sign-in page.
const TiptapEditor = lazy(() => import('./TiptapEditor'));

/** A rich-text editor for an antd Form field holding HTML (the server sanitises what it stores). */
export function RichTextEditor(props: RichTextEditorProps) {
  const minHeight = props.minHeight ?? 200;
  return (
    <Suspense
      fallback={
        <div className="rich-text-editor-loading" style={{ minHeight: minHeight + 42, border: '1px solid #d9d9d9', borderRadius: 6, padding: 12, color: '#999' }}>
          {T.loading}
        </div>
      }
    >
      <TiptapEditor {...props} minHeight={minHeight} />
    </Suspense>
  );
}
