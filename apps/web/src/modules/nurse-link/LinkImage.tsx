import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { DeleteOutlined, LoadingOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Upload, type UploadProps } from 'antd';
import { NURSE_LINK_IMAGE_PREFIX, NURSE_LINK_UPLOAD_PATH } from '@care/shared';
import { refuseFile, uploadFailedText } from '../../components/upload/upload-model';
import type { RequestClient } from '../../lib/request';
import { NurseSelfText as T } from './nurse-link-text';
import { useRefusingBeforeUpload } from '../../components/upload/useRefusingBeforeUpload';

/** The request path of one of her stored images, read through the link. */
export function linkImagePath(stored: string): string {
  const segments = stored.split('/').filter((s) => s !== '' && s !== '.' && s !== '..');
  return NURSE_LINK_IMAGE_PREFIX + segments.map(encodeURIComponent).join('/');
}

/**
 * A displayable URL for one of her stored images: fetched through the link (a signed call with the
 * token header, so not an <img> src) and shown as an object URL, revoked on change and unmount.
 * `local` (an image just picked on the phone) is shown as it is.
 */
export function useLinkImage(client: RequestClient, path: string, local?: string): { url: string | null; loading: boolean } {
  const [state, setState] = useState<{ path: string; url: string | null; loading: boolean }>({ path: '', url: null, loading: false });
  useEffect(() => {
    if (path === '' || local) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    setState({ path, url: null, loading: true });
    client
      .downloadBlob(linkImagePath(path), undefined, 'GET', { quietNotFound: true })
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ path, url: objectUrl, loading: false });
      })
      .catch(() => {
        if (!cancelled) setState({ path, url: null, loading: false });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [client, path, local]);
  if (local) return { url: local, loading: false };
  if (path === '') return { url: null, loading: false };
  return state.path === path ? state : { url: null, loading: true };
}

const frame: CSSProperties = {
  width: 96,
  height: 96,
  borderRadius: 8,
  border: '1px solid #f0f0f0',
  background: '#fafafa',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  flex: 'none',
};

/** One of her images, or a placeholder. */
export function LinkImage({ client, path, local, alt, size = 96 }: { client: RequestClient; path: string; local?: string; alt: string; size?: number }) {
  const { url, loading } = useLinkImage(client, path, local);
  return (
    <div style={{ ...frame, width: size, height: size }}>
      {url ? <img src={url} alt={alt} style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : loading ? <LoadingOutlined /> : <PictureOutlined style={{ fontSize: 28, color: '#bfbfbf' }} />}
    </div>
  );
}

/**
 * Image field of her page's forms (an antd Form control): upload through the link (images only,
 * the server's rules), preview what she picked, remove.
 */
export function LinkImageUpload({ client, value = '', onChange, label }: { client: RequestClient; value?: string; onChange?: (value: string) => void; label: string }) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  // Previews of images picked here, by stored path (the server reads back only saved ones).
  const [local, setLocal] = useState<Record<string, string>>({});
  const made = useRef<string[]>([]);
  useEffect(() => () => made.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const beforeUpload = useRefusingBeforeUpload(refuseFile);
  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (typeof file === 'string') return;
    const picked = file as File;
    const form = new FormData();
    form.append('file', picked);
    setUploading(true);
    client
      .upload(NURSE_LINK_UPLOAD_PATH, {}, form)
      .then((envelope) => {
        if (!envelope.success || !envelope.message) throw new Error(envelope.message);
        const preview = URL.createObjectURL(picked);
        made.current.push(preview);
        setLocal((m) => ({ ...m, [envelope.message]: preview }));
        onChange?.(envelope.message);
      })
      .catch(() => void message.error(uploadFailedText(picked.name)))
      .finally(() => setUploading(false));
  };

  return (
    <Space align="start" size={12}>
      <LinkImage client={client} path={value} local={local[value]} alt={label} />
      <Space direction="vertical" size={8}>
        <Upload accept="image/*" showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} disabled={uploading}>
          <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
            {uploading ? T.uploading : value ? T.changeImage : T.uploadImage}
          </Button>
        </Upload>
        {value !== '' && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {T.removeImage}
          </Button>
        )}
      </Space>
    </Space>
  );
}
