import { Modal } from 'antd';

/** Spec §9: the image preview modal is 750 px wide unless told otherwise. */
export const IMAGE_PREVIEW_WIDTH = 750;

interface ImagePreviewModalProps {
  src: string | null;
  onClose: () => void;
  width?: number | string;
  title?: string;
}

export function ImagePreviewModal({ src, onClose, width = IMAGE_PREVIEW_WIDTH, title }: ImagePreviewModalProps) {
  return (
    <Modal open={src !== null} title={title} footer={null} width={width} onCancel={onClose} destroyOnHidden>
      {src && <img alt={title ?? ''} src={src} style={{ width: '100%' }} />}
    </Modal>
  );
}
