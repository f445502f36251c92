/** Texts of the rich-text editor's toolbar. */
export const RichTextText = {
  bold: '加粗',
  italic: '斜体',
  underline: '下划线',
  headingLevel: (level: number) => `标题 ${level}`,
  bulletList: '无序列表',
  orderedList: '有序列表',
  link: '链接',
  linkPlaceholder: '输入链接地址，如 https://',
  linkInvalid: '请输入 http(s)、mailto、tel 链接或以 / 开头的站内地址',
  linkApply: '确定',
  linkRemove: '移除链接',
  undo: '撤销',
  redo: '重做',
  source: '源码',
  sourceHint: '正在编辑 HTML 源码，保存时会移除脚本、事件属性和 javascript: 链接。',
  loading: '正在加载编辑器…',
} as const;
