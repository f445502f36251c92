import { Result } from 'antd';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export const UNDER_CONSTRUCTION = '该功能正在建设中';

/** A menu entry whose page a later issue builds. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return <Result status="info" title={title} subTitle={UNDER_CONSTRUCTION} />;
}
