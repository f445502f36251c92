import { UPLOAD_FILE_EXTENSIONS, UPLOAD_MAX_BYTES, UploadText } from '@care/shared';

/** One image of the upload widget. Spec §4: an upload ends done or error, or is removed. */
export interface UploadEntry {
  uid: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  /** The stored path, once done. */
  path?: string;
}

export type UploadEvent =
  | { type: 'added'; uid: string; name: string }
  | { type: 'done'; uid: string; path: string }
  | { type: 'error'; uid: string }
  | { type: 'removed'; uid: string };

/** Spec §8. */
export function uploadFailedText(fileName: string): string {
  return `${fileName} 上传失败.`;
}

/** Why a file is refused before upload (spec §5: images only), or null. */
export function refuseFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return UploadText.onlyImages;
  if (file.size > UPLOAD_MAX_BYTES) return UploadText.tooLarge;
  return null;
}

/** Why a 文件 is refused before upload (images and PDF, Office and text documents; the server checks the bytes), or null. */
export function refuseDocument(file: { name: string; size: number }): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(UPLOAD_FILE_EXTENSIONS as readonly string[]).includes(ext)) return UploadText.onlyFiles;
  if (file.size > UPLOAD_MAX_BYTES) return UploadText.fileTooLarge;
  return null;
}

export function pathsOf(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

export function entriesFromValue(value: string | null | undefined): UploadEntry[] {
  return pathsOf(value).map((path, i) => ({ uid: `stored-${i}-${path}`, name: path.split('/').at(-1) ?? path, status: 'done', path }));
}

export function applyUploadEvent(entries: readonly UploadEntry[], event: UploadEvent, multiple: boolean): UploadEntry[] {
  switch (event.type) {
    case 'added': {
      const entry: UploadEntry = { uid: event.uid, name: event.name, status: 'uploading' };
      return multiple ? [...entries, entry] : [...entries.filter((e) => e.status !== 'uploading'), entry];
    }
    case 'done': {
      const next = entries.map((e) => (e.uid === event.uid ? { ...e, status: 'done' as const, path: event.path } : e));
      // A single-image widget keeps only the last file.
      return multiple ? next : next.filter((e) => e.uid === event.uid);
    }
    case 'error':
      return entries.map((e) => (e.uid === event.uid ? { ...e, status: 'error' as const } : e));
    case 'removed':
      return entries.filter((e) => e.uid !== event.uid);
  }
}

/** The value emitted: the stored paths comma-separated when multiple, else the last file's path. */
export function valueOf(entries: readonly UploadEntry[], multiple: boolean): string {
  const paths = entries.filter((e) => e.status === 'done' && e.path).map((e) => e.path as string);
  return multiple ? paths.join(',') : (paths.at(-1) ?? '');
}
