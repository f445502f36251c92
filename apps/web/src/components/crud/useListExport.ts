import { useRef, useState } from 'react';
import type { RequestClient } from '../../lib/request';
import { exportXls } from './export-xls';

/**
 * Excel export of a ProTable list with the filters of its last query: pass `rememberFilters` as the
 * list request's `mapFilters`, call `download` from the 导出 button.
 */
export function useListExport(request: RequestClient, path: string, name: string) {
  const filters = useRef<Record<string, unknown>>({});
  const [exporting, setExporting] = useState(false);

  const rememberFilters = (query: Record<string, unknown>) => {
    const { pageNo: _pageNo, pageSize: _pageSize, ...rest } = query;
    filters.current = rest;
    return query;
  };

  const download = async () => {
    setExporting(true);
    try {
      await exportXls(request, path, filters.current, name);
    } catch {
      // The request client has shown the failure.
    } finally {
      setExporting(false);
    }
  };

  return { rememberFilters, download, exporting };
}
