import { Result } from 'antd';
import { safeUrl } from '../lib/safe-url';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** An internal link of the menu (meta.url, internalOrExternal false) shown inside the shell. */
export function IframePageView({ url, title }: { url: string; title: string }) {
  useDocumentTitle(title);
  const src = safeUrl(url);
  if (!src) return <Result status="warning" title={title} subTitle="链接地址无效" />;
  return <iframe src={src} title={title} style={{ display: 'block', width: '100%', height: 'calc(100vh - 160px)', border: 0 }} />;
}
