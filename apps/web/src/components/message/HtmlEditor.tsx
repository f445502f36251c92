import { useRef, useState } from 'react';
import { Button, Input, Segmented, Space, Tooltip, type GetRef } from 'antd';
import { SafeHtml } from './SafeHtml';

export const HtmlEditorText = {
  edit: '编辑',
  preview: '预览',
  bold: '加粗',
  paragraph: '段落',
  lineBreak: '换行',
  link: '链接',
  image: '图片',
  emptyPreview: '（无内容）',
  hint: '内容为 HTML，保存时会移除脚本、事件属性和 javascript: 链接。',
} as const;

const snippets: { key: string; label: string; before: string; after: string }[] = [
  { key: 'p', label: HtmlEditorText.paragraph, before: '<p>', after: '</p>' },
  { key: 'b', label: HtmlEditorText.bold, before: '<b>', after: '</b>' },
  { key: 'br', label: HtmlEditorText.lineBreak, before: '<br />', after: '' },
  { key: 'a', label: HtmlEditorText.link, before: '<a href="https://" target="_blank">', after: '</a>' },
  { key: 'img', label: HtmlEditorText.image, before: '<img src="https://" alt="" />', after: '' },
];

interface HtmlEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  rows?: number;
  placeholder?: string;
  id?: string;
}

/**
 * HTML content with a few formatting shortcuts and a sanitised preview (no rich-text editor is among
 * the dependencies). Used as an antd Form control.
 */
export function HtmlEditor({ value = '', onChange, rows = 10, placeholder, id }: HtmlEditorProps) {
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const area = useRef<GetRef<typeof Input.TextArea>>(null);

  const wrap = (before: string, after: string) => {
    const el = area.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange?.(value.slice(0, start) + before + value.slice(start, end) + after + value.slice(end));
  };

  return (
    <div className="html-editor">
      <Space style={{ marginBottom: 8 }} wrap>
        <Segmented
          size="small"
          value={mode}
          onChange={(v) => setMode(v as 'edit' | 'preview')}
          options={[
            { label: HtmlEditorText.edit, value: 'edit' },
            { label: HtmlEditorText.preview, value: 'preview' },
          ]}
        />
        {mode === 'edit' &&
          snippets.map((s) => (
            <Tooltip key={s.key} title={`${s.before}${s.after}`}>
              <Button size="small" onClick={() => wrap(s.before, s.after)}>
                {s.label}
              </Button>
            </Tooltip>
          ))}
      </Space>
      {mode === 'edit' ? (
        <Input.TextArea id={id} ref={area} rows={rows} value={value} placeholder={placeholder} onChange={(e) => onChange?.(e.target.value)} />
      ) : (
        <div className="html-editor-preview" style={{ minHeight: rows * 22, padding: 8, border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'auto' }}>
          {value.trim() ? <SafeHtml html={value} /> : <span style={{ color: '#999' }}>{HtmlEditorText.emptyPreview}</span>}
        </div>
      )}
      <div style={{ color: '#999', fontSize: 12, marginTop: 4 }}>{HtmlEditorText.hint}</div>
    </div>
  );
}
