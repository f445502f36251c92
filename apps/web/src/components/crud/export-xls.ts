import type { Params, RequestClient } from '../../lib/request';

/** Saves a blob under a file name through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a list's Excel export with the list's current filters; `name` gets the date and `.xlsx`. */
export async function exportXls(request: RequestClient, path: string, filters: Params, name: string): Promise<void> {
  const blob = await request.downloadBlob(path, filters, 'POST');
  const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  saveBlob(blob, `${name}_${stamp}.xlsx`);
}
