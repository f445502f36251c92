import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Table, Upload, type UploadProps } from 'antd';
import { onlineImportResultSchema } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { OnlineDataText as T } from './online-data-text';

type ImportResult = ReturnType<typeof onlineImportResultSchema.parse>;

interface OnlineImportModalProps {
  open: boolean;
  title: string;
  /** The form's importExcel path. */
  path: string;
  onClose: () => void;
  onImported: () => void;
}

/** 导入: one .xlsx with the export's header row; then how many rows came in and why the others did not. */
export function OnlineImportModal({ open, title, path, onClose, onImported }: OnlineImportModalProps) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!/\.xlsx$/i.test(file.name)) {
      void message.warning(T.onlyXlsx);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (typeof file === 'string') return;
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    request
      .upload(path, {}, form)
      .then((envelope) => {
        const parsed = onlineImportResultSchema.safeParse(envelope.result);
        if (!envelope.success || !parsed.success) throw new Error(envelope.message);
        setResult(parsed.data);
        if (parsed.data.imported > 0) onImported();
      })
      .catch(() => {
        // The request client has shown the refusal with its reason.
      })
      .finally(() => setUploading(false));
  };

  return (
    <Modal
      open={open}
      title={T.importTitle(title)}
      onCancel={close}
      destroyOnHidden
      width={640}
      className="online-import-modal"
      footer={
        <Space>
          {result && <Button onClick={() => setResult(null)}>{T.again}</Button>}
          <Button onClick={close}>{T.close}</Button>
        </Space>
      }
    >
      {result ? (
        <Space direction="vertical" style={{ width: '100%' }} className="online-import-result">
          <Alert type={result.errors.length ? 'warning' : 'success'} showIcon message={T.imported(result.imported)} />
          {result.errors.length > 0 && (
            <Table
              size="small"
              rowKey={(e) => `${e.row}-${e.message}`}
              title={() => T.importErrors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={result.errors}
              columns={[
                { title: T.row, dataIndex: 'row', width: 80 },
                { title: T.reason, dataIndex: 'message' },
              ]}
            />
          )}
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={T.importGuide} />
          <Upload.Dragger accept=".xlsx" multiple={false} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} disabled={uploading}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{uploading ? T.importing : T.importDrop}</p>
          </Upload.Dragger>
        </Space>
      )}
    </Modal>
  );
}
