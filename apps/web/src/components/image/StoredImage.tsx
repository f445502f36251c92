import { useState, type CSSProperties } from 'react';
import { useFileUrl } from '../../lib/file-url';
import { IMAGE_PLACEHOLDER } from './placeholder';

export interface ImageSource {
  /** undefined while loading. */
  src: string | undefined;
  /** false for the placeholder: a missing image cannot be previewed (spec §2). */
  previewable: boolean;
  onError: () => void;
}

/** The source of a stored image (or direct URL), falling back to the placeholder when missing or broken. */
export function useImageSource(path: string | null | undefined): ImageSource {
  const { url, failed, loading } = useFileUrl(path);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const usable = url !== null && url !== brokenUrl;
  if (usable) return { src: url, previewable: true, onError: () => setBrokenUrl(url) };
  if (loading && !failed) return { src: undefined, previewable: false, onError: () => undefined };
  return { src: IMAGE_PLACEHOLDER, previewable: false, onError: () => undefined };
}

interface StoredImageProps {
  path: string | null | undefined;
  alt?: string;
  style?: CSSProperties;
  /** Called with the displayable URL when clicked; never for the placeholder. */
  onPreview?: (url: string) => void;
}

export function StoredImage({ path, alt = '', style, onPreview }: StoredImageProps) {
  const { src, previewable, onError } = useImageSource(path);
  return (
    <img
      alt={alt}
      src={src}
      data-placeholder={previewable ? undefined : 'true'}
      style={{ objectFit: 'cover', cursor: previewable && onPreview ? 'zoom-in' : 'default', ...style }}
      onError={onError}
      onClick={() => previewable && src && onPreview?.(src)}
    />
  );
}
