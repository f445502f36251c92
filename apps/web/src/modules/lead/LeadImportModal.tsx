import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Progress, Space, Statistic, Table, Typography, Upload, type UploadProps } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  LEAD_IMPORT_MAX_BYTES,
  LEAD_IMPORT_MAX_ROWS,
  LEAD_IMPORT_PATH,
  LEAD_IMPORT_TEMPLATE_PATH,
  leadImportContract,
  leadImportErrorsPath,
  leadImportStartSchema,
  LeadImportText,
  type LeadImportError,
  type LeadImportProgress,
  type LeadImportStart,
} from '@care/shared';
import { useServices } from '../../lib/useServices';
import { saveBlob } from '../../components/crud/export-xls';

export const LeadImportModalText = {
  button: '导入',
  title: '导入线索',
  guide: `请按导入模板填写后上传（.xlsx，单次最多${LEAD_IMPORT_MAX_ROWS}行）。每行单独保存：有错误的行不导入，可下载错误报告，修改后直接重新导入。`,
  template: '下载导入模板',
  drop: '点击或拖拽 .xlsx 文件到此处上传',
  dropHint: `仅支持 .xlsx，文件不超过${LEAD_IMPORT_MAX_BYTES / 1024 / 1024}MB`,
  onlyXlsx: '请选择 .xlsx 格式的Excel文件',
  uploading: '正在上传并检查文件…',
  processed: (done: number, total: number) => `已处理 ${done} / ${total} 行`,
  succeeded: '成功',
  failed: '失败',
  rows: '行',
  errorsTitle: '错误明细',
  errorsMore: (shown: number, failed: number) => `仅显示前 ${shown} 行的错误，共 ${failed} 行有错误，完整内容请下载错误报告`,
  row: '行号',
  field: '列',
  message: '错误原因',
  report: '下载错误报告',
  again: '继续导入',
  close: '关闭',
  allGood: '全部导入成功',
} as const;

const POLL_MS = 800;

export interface LeadImportModalProps {
  open: boolean;
  onClose: () => void;
  /** An import finished (or was left running when the modal closed): reload the list. */
  onImported: () => void;
}

/** 导入线索: template, upload (xlsx), a progress bar polled until the job ends, then the counts and errors. */
export function LeadImportModal({ open, onClose, onImported }: LeadImportModalProps) {
  const [jobStarted, setJobStarted] = useState(false);
  const close = () => {
    if (jobStarted) onImported();
    setJobStarted(false);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={LeadImportModalText.title}
      onCancel={close}
      footer={<Button onClick={close}>{LeadImportModalText.close}</Button>}
      width={720}
      destroyOnHidden
      className="lead-import-modal"
    >
      <LeadImportBody onStarted={() => setJobStarted(true)} onFinished={onImported} />
    </Modal>
  );
}

function LeadImportBody({ onStarted, onFinished }: { onStarted: () => void; onFinished: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [job, setJob] = useState<LeadImportStart | null>(null);
  const [uploading, setUploading] = useState(false);
  const [templateLoading, setTemplateLoading] = useState(false);

  const downloadTemplate = async () => {
    setTemplateLoading(true);
    try {
      saveBlob(await request.downloadBlob(LEAD_IMPORT_TEMPLATE_PATH), `${LeadImportText.templateName}.xlsx`);
    } catch {
      // The request client has shown the failure.
    } finally {
      setTemplateLoading(false);
    }
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!/\.xlsx$/i.test(file.name)) {
      void message.warning(LeadImportModalText.onlyXlsx);
      return Upload.LIST_IGNORE;
    }
    if (file.size > LEAD_IMPORT_MAX_BYTES) {
      void message.warning(LeadImportText.tooBig);
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
      .upload(LEAD_IMPORT_PATH, {}, form)
      .then((envelope) => {
        const started = leadImportStartSchema.safeParse(envelope.result);
        if (!envelope.success || !started.success) throw new Error(envelope.message);
        setJob(started.data);
        onStarted();
      })
      .catch(() => {
        // A refused file (101) has been shown by the request client with its reason.
      })
      .finally(() => setUploading(false));
  };

  if (job) return <LeadImportProgressView jobId={job.jobId} total={job.total} onFinished={onFinished} onAgain={() => setJob(null)} />;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={LeadImportModalText.guide} />
      <Button icon={<DownloadOutlined />} loading={templateLoading} onClick={() => void downloadTemplate()}>
        {LeadImportModalText.template}
      </Button>
      <Upload.Dragger accept=".xlsx" multiple={false} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} disabled={uploading}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{uploading ? LeadImportModalText.uploading : LeadImportModalText.drop}</p>
        <p className="ant-upload-hint">{LeadImportModalText.dropHint}</p>
      </Upload.Dragger>
    </Space>
  );
}

function LeadImportProgressView({ jobId, total, onFinished, onAgain }: { jobId: string; total: number; onFinished: () => void; onAgain: () => void }) {
  const { request } = useServices();
  const [reporting, setReporting] = useState(false);
  const progress = useQuery({
    queryKey: ['leadImportProgress', jobId],
    queryFn: () => request.call(leadImportContract.progress, { jobId }),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : POLL_MS),
    gcTime: 0,
  });
  const job: LeadImportProgress | undefined = progress.data;
  const ended = job !== undefined && job.status !== 'running';

  // The list reloads once, when the job ends.
  const reported = useRef(false);
  useEffect(() => {
    if (ended && !reported.current) {
      reported.current = true;
      onFinished();
    }
  }, [ended, onFinished]);

  const downloadReport = async () => {
    setReporting(true);
    try {
      saveBlob(await request.downloadBlob(leadImportErrorsPath(jobId)), `线索导入错误报告.xlsx`);
    } catch {
      // The request client has shown the failure.
    } finally {
      setReporting(false);
    }
  };

  const processed = job?.processed ?? 0;
  const percent = total ? Math.floor((processed / total) * 100) : 100;
  const status = !job || job.status === 'running' ? 'active' : job.status === 'failed' ? 'exception' : job.failed ? 'normal' : 'success';
  const shownRows = new Set(job?.errors.map((e) => e.row)).size;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="lead-import-progress">
      <div>
        <Progress percent={percent} status={status} />
        <Typography.Text type="secondary" className="lead-import-processed">
          {job?.statusText ?? ''} · {LeadImportModalText.processed(processed, total)}
        </Typography.Text>
      </div>
      {job?.status === 'failed' && job.message && <Alert type="error" showIcon message={job.message} />}
      {ended && job && (
        <>
          <Space size="large" className="lead-import-counts">
            <Statistic title={LeadImportModalText.succeeded} value={job.succeeded} suffix={LeadImportModalText.rows} valueStyle={{ color: '#389e0d' }} />
            <Statistic title={LeadImportModalText.failed} value={job.failed} suffix={LeadImportModalText.rows} valueStyle={job.failed ? { color: '#cf1322' } : undefined} />
          </Space>
          {job.failed > 0 ? (
            <>
              <Typography.Text strong>{LeadImportModalText.errorsTitle}</Typography.Text>
              <Table<LeadImportError>
                className="lead-import-errors"
                size="small"
                rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
                dataSource={job.errors}
                pagination={job.errors.length > 5 ? { pageSize: 5, size: 'small' } : false}
                columns={[
                  { title: LeadImportModalText.row, dataIndex: 'row', width: 70 },
                  { title: LeadImportModalText.field, dataIndex: 'field', width: 100, render: (v: string) => v || '-' },
                  { title: LeadImportModalText.message, dataIndex: 'message' },
                ]}
              />
              {job.failed > shownRows && <Typography.Text type="secondary">{LeadImportModalText.errorsMore(shownRows, job.failed)}</Typography.Text>}
            </>
          ) : (
            job.status === 'done' && <Alert type="success" showIcon message={LeadImportModalText.allGood} />
          )}
          <Space>
            {job.failed > 0 && (
              <Button icon={<DownloadOutlined />} loading={reporting} onClick={() => void downloadReport()}>
                {LeadImportModalText.report}
              </Button>
            )}
            <Button onClick={onAgain}>{LeadImportModalText.again}</Button>
          </Space>
        </>
      )}
    </Space>
  );
}
