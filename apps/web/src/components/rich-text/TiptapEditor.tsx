import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Input, Popover, Tooltip } from 'antd';
import { BoldOutlined, CloseOutlined, Html5Outlined, ItalicOutlined, OrderedListOutlined, RedoOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import ImageExtension from '@tiptap/extension-image';
import { editorValue, linkHref, type RichTextEditorProps } from './rich-text-model';
import { RichTextText as T } from './rich-text-text';
import css from './RichTextEditor.module.css';

type Level = 1 | 2 | 3;
const LEVELS: Level[] = [1, 2, 3];

// Tiptap's starter kit (paragraphs, headings, lists, bold/italic/underline, links, undo) and images,
// so that images of content written before keep their place when it is edited.
const extensions = [
  StarterKit.configure({
    heading: { levels: LEVELS },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
  ImageExtension,
];

/** The editor behind RichTextEditor (loaded lazily by it). */
export default function TiptapEditor({ value = '', onChange, id, 'aria-label': ariaLabel, disabled, minHeight = 200 }: RichTextEditorProps) {
  const [source, setSource] = useState(false);
  // What the editor last reported (or was given): a value that differs came from outside (the form).
  const known = useRef(value);
  const editor = useEditor({
    extensions,
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', ...(ariaLabel ? { 'aria-label': ariaLabel } : {}), style: `min-height:${minHeight}px` },
    },
    onUpdate: ({ editor: e }) => {
      const next = editorValue(e.getHTML(), e.isEmpty);
      known.current = next;
      onChange?.(next);
    },
  });

  useEffect(() => {
    if (source || value === known.current) return;
    known.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, source]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    // The form's id sits on what is shown, for its label and scroll-to-error.
    <div id={source ? undefined : id} className={[css.editor, disabled ? css.disabled : ''].join(' ')} data-testid="rich-text-editor">
      <Toolbar editor={editor} disabled={disabled} source={source} onSource={() => setSource((s) => !s)} />
      <div style={{ display: source ? 'none' : undefined }} className={css.content}>
        <EditorContent editor={editor} />
      </div>
      {source && (
        <>
          <Input.TextArea
            id={id}
            aria-label={ariaLabel}
            className={css.source}
            value={value}
            disabled={disabled}
            onChange={(e) => onChange?.(e.target.value)}
            style={{ minHeight }}
            autoSize={{ minRows: Math.round(minHeight / 22), maxRows: 24 }}
          />
          <div className={css.hint}>{T.sourceHint}</div>
        </>
      )}
    </div>
  );
}

function Toolbar({ editor, disabled, source, onSource }: { editor: Editor; disabled?: boolean; source: boolean; onSource: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      heading: LEVELS.find((level) => e.isActive('heading', { level })) ?? 0,
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const off = disabled || source;
  const chain = () => editor.chain().focus();
  const tool = (label: string, icon: ReactNode, active: boolean, run: () => void, enabled = true) => (
    <Tooltip title={label} mouseEnterDelay={0.6}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        className={active ? css.active : undefined}
        disabled={off || !enabled}
        // Keep the editor's selection: the command runs on what the person selected.
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );

  return (
    <div className={css.toolbar} role="toolbar">
      {LEVELS.map((level) => (
        // Named by their text (H1…), not 标题 N: a form's own 标题 field would share the name.
        <Tooltip key={level} title={T.headingLevel(level)} mouseEnterDelay={0.6}>
          <Button
            type="text"
            size="small"
            aria-pressed={state.heading === level}
            className={state.heading === level ? css.active : undefined}
            disabled={off}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => chain().toggleHeading({ level }).run()}
          >
            H{level}
          </Button>
        </Tooltip>
      ))}
      <span className={css.divider} />
      {tool(T.bold, <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {tool(T.italic, <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {tool(T.underline, <UnderlineOutlined />, state.underline, () => chain().toggleUnderline().run())}
      <span className={css.divider} />
      {tool(T.bulletList, <UnorderedListOutlined />, state.bulletList, () => chain().toggleBulletList().run())}
      {tool(T.orderedList, <OrderedListOutlined />, state.orderedList, () => chain().toggleOrderedList().run())}
      <LinkTool editor={editor} active={state.link} disabled={off} />
      <span className={css.divider} />
      {tool(T.undo, <UndoOutlined />, false, () => chain().undo().run(), state.canUndo)}
      {tool(T.redo, <RedoOutlined />, false, () => chain().redo().run(), state.canRedo)}
      <span className={css.spacer} />
      <Tooltip title={T.source} mouseEnterDelay={0.6}>
        <Button type="text" size="small" icon={<Html5Outlined />} aria-label={T.source} aria-pressed={source} className={source ? css.active : undefined} disabled={disabled} onClick={onSource}>
          {T.source}
        </Button>
      </Tooltip>
    </div>
  );
}

// antd's LinkOutlined drawn here: the shell's menu icons include it, and sharing it with this chunk
// would split it out of theirs into a chunk of its own, one more file for the shell to load.
const linkIcon = (
  <span className="anticon" aria-hidden>
    <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" focusable="false">
      <path d="M574 665.4a8.03 8.03 0 00-11.3 0L446.5 781.6c-53.8 53.8-144.6 59.5-204 0-59.5-59.5-53.8-150.2 0-204l116.2-116.2c3.1-3.1 3.1-8.2 0-11.3l-39.8-39.8a8.03 8.03 0 00-11.3 0L191.4 526.5c-84.6 84.6-84.6 221.5 0 306s221.5 84.6 306 0l116.2-116.2c3.1-3.1 3.1-8.2 0-11.3L574 665.4zm258.6-474c-84.6-84.6-221.5-84.6-306 0L410.3 307.6a8.03 8.03 0 000 11.3l39.7 39.7c3.1 3.1 8.2 3.1 11.3 0l116.2-116.2c53.8-53.8 144.6-59.5 204 0 59.5 59.5 53.8 150.2 0 204L665.3 562.6a8.03 8.03 0 000 11.3l39.8 39.8c3.1 3.1 8.2 3.1 11.3 0l116.2-116.2c84.5-84.6 84.5-221.5 0-306.1zM610.1 372.3a8.03 8.03 0 00-11.3 0L372.3 598.7a8.03 8.03 0 000 11.3l39.6 39.6c3.1 3.1 8.2 3.1 11.3 0l226.4-226.4c3.1-3.1 3.1-8.2 0-11.3l-39.5-39.6z" />
    </svg>
  </span>
);

/** 链接: sets, changes or removes the link on the selection (or inserts the address as a link). */
function LinkTool({ editor, active, disabled }: { editor: Editor; active: boolean; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [invalid, setInvalid] = useState(false);

  const show = (next: boolean) => {
    if (next) {
      setHref((editor.getAttributes('link') as { href?: string }).href ?? '');
      setInvalid(false);
    }
    setOpen(next);
  };
  const apply = () => {
    const url = linkHref(href);
    if (url === null) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !active) chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else chain.setLink({ href: url }).run();
    setOpen(false);
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={show}
      trigger="click"
      placement="bottom"
      content={
        <div style={{ width: 300 }}>
          <Input
            autoFocus
            size="small"
            aria-label={T.link}
            placeholder={T.linkPlaceholder}
            value={href}
            status={invalid ? 'error' : undefined}
            onChange={(e) => {
              setHref(e.target.value);
              setInvalid(false);
            }}
            onPressEnter={apply}
          />
          {invalid && <div className={css.error}>{T.linkInvalid}</div>}
          <div className={css.linkActions}>
            {active && (
              // The × also keeps the shell's chunk of antd's portal and CloseOutlined whole: this chunk
              // using the portal (popover, tooltip) without the icon would split the icon into a file of its own.
              <Button size="small" icon={<CloseOutlined />} onClick={remove}>
                {T.linkRemove}
              </Button>
            )}
            <Button size="small" type="primary" onClick={apply}>
              {T.linkApply}
            </Button>
          </div>
        </div>
      }
    >
      <Tooltip title={T.link} mouseEnterDelay={0.6}>
        <Button type="text" size="small" icon={linkIcon} aria-label={T.link} aria-pressed={active} className={active ? css.active : undefined} disabled={disabled} onMouseDown={(e) => e.preventDefault()} />
      </Tooltip>
    </Popover>
  );
}
