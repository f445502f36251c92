import { useState } from 'react';
import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography, Upload, type UploadProps } from 'antd';
import { UPLOAD_FILE_BIZ, UPLOAD_FILE_EXTENSIONS, UPLOAD_PATH } from '@care/shared';
import { saveBlob } from '../../components/crud/export-xls';
import { refuseDocument, uploadFailedText } from '../../components/upload/upload-model';
import { isDirectUrl, storedFilePath } from '../../lib/file-url';
import { useSessionStore } from '../../lib/session-store';
import { useServices } from '../../lib/useServices';
import { fileNameOf } from './online-data-model';
import { OnlineDataText as T } from './online-data-text';
import { useRefusingBeforeUpload } from '../../components/upload/useRefusingBeforeUpload';

// The kinds the upload module stores for a 文件 (upload.service.ts reads the type from the bytes).
const ACCEPT = UPLOAD_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * A stored file as a link that downloads it: a stored upload is read through the signed file route
 * (the token travels in a header, so a plain href cannot), an http(s) address opens as it is.
 */
export function FileLink({ path, name }: { path: string; name?: string }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const label = name || fileNameOf(path);
  if (isDirectUrl(path)) {
    return (
      <a className="online-file-link" href={path} target="_blank" rel="noopener noreferrer">
        <PaperClipOutlined /> {label}
      </a>
    );
  }
  const download = async () => {
    setLoading(true);
    try {
      saveBlob(await request.downloadBlob(storedFilePath(path), undefined, 'GET', { quietNotFound: true }), fileNameOf(path));
    } catch {
      void message.error(T.fileMissing);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Typography.Link className="online-file-link" onClick={() => void download()} disabled={loading}>
      {loading ? <LoadingOutlined /> : <PaperClipOutlined />} {label}
    </Typography.Link>
  );
}

interface FileUploadProps {
  /** The stored path (or an address); '' when none. */
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
}

/**
 * 文件 of a generated form: one file uploaded through the upload module (`biz` UPLOAD_FILE_BIZ in the signed query: documents too; the company's
 * routine folder), kept as the stored path the server checks; shown as its download link, removable.
 */
export function FileUpload({ value, onChange, id, disabled = false }: FileUploadProps) {
  const { request } = useServices();
  const { message } = App.useApp();
  const companyId = useSessionStore((s) => s.userInfo?.companyId ?? '');
  const [uploading, setUploading] = useState<string | null>(null);
  // The name the person chose, shown for the file just uploaded (the stored name is generated).
  const [chosen, setChosen] = useState<{ path: string; name: string } | null>(null);
  const path = value ?? '';

  const beforeUpload = useRefusingBeforeUpload(refuseDocument);

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (typeof file === 'string') return;
    const { name } = file as File;
    setUploading(name);
    const form = new FormData();
    form.append('biz', UPLOAD_FILE_BIZ);
    form.append('file', file);
    request
      .upload(UPLOAD_PATH, { prefixPath: `${companyId}/routine`, biz: UPLOAD_FILE_BIZ }, form)
      .then((envelope) => {
        if (!envelope.success || !envelope.message) throw new Error(envelope.message);
        setChosen({ path: envelope.message, name });
        onChange?.(envelope.message);
      })
      .catch(() => void message.error(uploadFailedText(name)))
      .finally(() => setUploading(null));
  };

  return (
    <Space id={id} className="online-file-upload" wrap>
      {uploading !== null ? (
        <span>
          <LoadingOutlined /> {uploading}
        </span>
      ) : (
        path !== '' && (
          <Space size={4}>
            <FileLink path={path} name={chosen?.path === path ? chosen.name : undefined} />
            {!disabled && <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={T.removeFile} onClick={() => onChange?.('')} />}
          </Space>
        )
      )}
      {!disabled && (
        <Upload accept={ACCEPT} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} disabled={uploading !== null}>
          <Button icon={<UploadOutlined />} disabled={uploading !== null}>
            {path === '' ? T.uploadFile : T.replaceFile}
          </Button>
        </Upload>
      )}
      {!disabled && <Typography.Text type="secondary">{T.fileKinds}</Typography.Text>}
    </Space>
  );
}
