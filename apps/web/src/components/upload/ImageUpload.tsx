import { useLayoutEffect, useRef, useState } from 'react';
import { DeleteOutlined, EyeOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Upload, type UploadProps } from 'antd';
import { UPLOAD_PATH } from '@care/shared';
import { useSessionStore } from '../../lib/session-store';
import { useServices } from '../../lib/useServices';
import { ImagePreviewModal } from '../image/ImagePreviewModal';
import { useImageSource } from '../image/StoredImage';
import { applyUploadEvent, entriesFromValue, refuseFile, uploadFailedText, valueOf, type UploadEntry, type UploadEvent } from './upload-model';
import { useRefusingBeforeUpload } from './useRefusingBeforeUpload';

/** Spec §2, §9: the preview height of the image upload widget. */
export const UPLOAD_PREVIEW_HEIGHT = 85;
const TILE_WIDTH = 104;

export const UploadWidgetText = { upload: '上传', preview: '预览', remove: '删除' } as const;

export interface ImageUploadProps {
  /** Stored path(s), comma-separated when `multiple`. */
  value?: string | null;
  onChange?: (value: string) => void;
  multiple?: boolean;
  /** The `biz` form field of the upload. */
  biz?: string;
  disabled?: boolean;
}

/**
 * Image upload (spec §2, §4, §5, §7): images only, uploaded to the company's routine folder; the
 * stored path comes back in the answer's `message`. Works as an antd Form control.
 */
export function ImageUpload({ value, onChange, multiple = false, biz = 'temp', disabled = false }: ImageUploadProps) {
  const { request } = useServices();
  const { message } = App.useApp();
  const companyId = useSessionStore((s) => s.userInfo?.companyId ?? '');
  const incoming = value ?? '';
  const [state, setState] = useState(() => ({ entries: entriesFromValue(incoming), value: incoming }));
  const [preview, setPreview] = useState<string | null>(null);

  // A value set from outside (a form load or reset) replaces the list; our own emitted value does not.
  if (incoming !== state.value) {
    setState(incoming === valueOf(state.entries, multiple) ? { ...state, value: incoming } : { entries: entriesFromValue(incoming), value: incoming });
  }

  // Uploads finish asynchronously: they apply their event to the latest list, not the one they started with.
  const latest = useRef(state.entries);
  useLayoutEffect(() => {
    latest.current = state.entries;
  }, [state.entries]);

  const dispatch = (event: UploadEvent) => {
    const entries = applyUploadEvent(latest.current, event, multiple);
    latest.current = entries;
    if (event.type === 'done' || event.type === 'removed') {
      const out = valueOf(entries, multiple);
      setState({ entries, value: out });
      onChange?.(out);
    } else {
      setState((s) => ({ ...s, entries }));
    }
  };

  const beforeUpload = useRefusingBeforeUpload(refuseFile);

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (typeof file === 'string') return;
    const { uid, name } = file as File & { uid: string };
    dispatch({ type: 'added', uid, name });
    const form = new FormData();
    form.append('biz', biz);
    form.append('file', file);
    request
      .upload(UPLOAD_PATH, { prefixPath: `${companyId}/routine` }, form)
      .then((envelope) => {
        if (!envelope.success || !envelope.message) throw new Error(envelope.message);
        dispatch({ type: 'done', uid, path: envelope.message });
      })
      .catch(() => {
        dispatch({ type: 'error', uid });
        void message.error(uploadFailedText(name));
      });
  };

  const uploading = state.entries.some((e) => e.status === 'uploading');
  const canAdd = !disabled && (multiple || !uploading);

  return (
    <div className="image-upload" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {state.entries.map((entry) => (
        <UploadTile
          key={entry.uid}
          entry={entry}
          disabled={disabled}
          onPreview={setPreview}
          onRemove={() => dispatch({ type: 'removed', uid: entry.uid })}
        />
      ))}
      {canAdd && (
        <Upload accept="image/*" multiple={multiple} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
          <button type="button" style={addButtonStyle}>
            <PlusOutlined />
            <div style={{ marginTop: 4 }}>{UploadWidgetText.upload}</div>
          </button>
        </Upload>
      )}
      <ImagePreviewModal src={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

const addButtonStyle = {
  width: TILE_WIDTH,
  height: UPLOAD_PREVIEW_HEIGHT,
  border: '1px dashed #d9d9d9',
  borderRadius: 6,
  background: '#fafafa',
  cursor: 'pointer',
} as const;

const actionStyle = { background: 'rgba(0,0,0,.45)', color: '#fff', padding: 3, borderRadius: 3 } as const;

interface UploadTileProps {
  entry: UploadEntry;
  disabled: boolean;
  onPreview: (url: string) => void;
  onRemove: () => void;
}

function UploadTile({ entry, disabled, onPreview, onRemove }: UploadTileProps) {
  const { src, previewable, onError } = useImageSource(entry.status === 'done' ? entry.path : null);
  const canPreview = entry.status === 'done' && previewable && src !== undefined;
  return (
    <div
      data-status={entry.status}
      title={entry.name}
      style={{
        position: 'relative',
        width: TILE_WIDTH,
        height: UPLOAD_PREVIEW_HEIGHT,
        border: `1px solid ${entry.status === 'error' ? '#ff4d4f' : '#d9d9d9'}`,
        borderRadius: 6,
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {entry.status === 'uploading' ? (
        <LoadingOutlined />
      ) : (
        <img
          alt={entry.name}
          src={src}
          data-placeholder={previewable ? undefined : 'true'}
          onError={onError}
          onClick={() => canPreview && onPreview(src)}
          style={{ width: '100%', height: UPLOAD_PREVIEW_HEIGHT, objectFit: 'cover', cursor: canPreview ? 'zoom-in' : 'default' }}
        />
      )}
      {entry.status !== 'uploading' && !disabled && (
        <span style={{ position: 'absolute', right: 4, bottom: 4, display: 'flex', gap: 4 }}>
          {canPreview && <EyeOutlined aria-label={UploadWidgetText.preview} style={actionStyle} onClick={() => onPreview(src)} />}
          <DeleteOutlined aria-label={UploadWidgetText.remove} style={actionStyle} onClick={onRemove} />
        </span>
      )}
    </div>
  );
}
