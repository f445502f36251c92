import { useEffect, useState } from 'react';
import { FILE_PATH_PREFIX } from '@care/shared';
import { useServices } from './useServices';

/**
 * Stored uploads (spec §7: the upload answers the stored path) are read back through
 * `GET /online/common/file/<stored path>`, a signed call with the token header, so an <img> cannot
 * load them directly: they are fetched as a blob and shown through an object URL.
 */

/** Addresses an <img> can load as they are: web addresses, data/blob URLs and app-relative paths. */
export function isDirectUrl(value: string): boolean {
  return /^(https?:|data:|blob:)/i.test(value) || value.startsWith('/');
}

/** The request path of a stored file, each segment encoded. */
export function storedFilePath(stored: string): string {
  const segments = stored.split('/').filter((s) => s !== '' && s !== '.' && s !== '..');
  return FILE_PATH_PREFIX + segments.map(encodeURIComponent).join('/');
}

export interface FileUrl {
  /** What to put in `src`; null while loading, for an empty path, or after a failure. */
  url: string | null;
  loading: boolean;
  failed: boolean;
}

const EMPTY: FileUrl = { url: null, loading: false, failed: false };

/** An displayable URL for a stored path (or a direct URL); the object URL is revoked on change and unmount. */
export function useFileUrl(path: string | null | undefined): FileUrl {
  const { request } = useServices();
  const wanted = path?.trim() ?? '';
  const direct = wanted !== '' && isDirectUrl(wanted);
  const [state, setState] = useState<{ path: string; value: FileUrl }>({ path: '', value: EMPTY });

  useEffect(() => {
    if (wanted === '' || direct) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    setState({ path: wanted, value: { url: null, loading: true, failed: false } });
    request
      .downloadBlob(storedFilePath(wanted), undefined, 'GET', { quietNotFound: true })
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ path: wanted, value: { url: objectUrl, loading: false, failed: false } });
      })
      .catch(() => {
        if (!cancelled) setState({ path: wanted, value: { url: null, loading: false, failed: true } });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [request, wanted, direct]);

  if (wanted === '') return EMPTY;
  if (direct) return { url: wanted, loading: false, failed: false };
  // Until the effect has started on a new path, report loading rather than the previous file.
  return state.path === wanted ? state.value : { url: null, loading: true, failed: false };
}
