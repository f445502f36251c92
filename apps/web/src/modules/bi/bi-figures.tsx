import type { CSSProperties, ReactNode } from 'react';
import { Alert, Card, Skeleton, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Contract, ContractResult } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { BiPageText as text } from './bi.text';
import statCss from './StatRow.module.css';

// The light parts of the BI pages (a call, its loading and failure, rows of figures), kept apart from the
// filters so 分析页's lazily loaded KPI panel pulls in no date picker or store select.

/** A BI call for the current filters, keeping the last figures on screen while the next load. */
export function useBiQuery<C extends Contract>(contract: C, body: Record<string, unknown>) {
  const { request } = useServices();
  return useQuery({
    queryKey: [contract.path, body],
    queryFn: () => (request.call as (c: C, b: unknown) => Promise<ContractResult<C>>)(contract, body),
    placeholderData: (previous) => previous,
  });
}

/** Loading, failure and the page's figures once they arrive. */
export function BiBody<T>(props: { query: { data?: T; error: unknown; isLoading: boolean }; children: (data: T) => ReactNode }) {
  if (props.query.error && !props.query.data) {
    const message = props.query.error instanceof Error ? props.query.error.message : text.loadFailed;
    return <Alert type="error" showIcon message={text.loadFailed} description={message} />;
  }
  if (!props.query.data) return <Skeleton active />;
  return <>{props.children(props.query.data)}</>;
}

/** A row of figures: up to six share one row, more are split into two balanced rows. */
export function StatRow(props: { items: { title: string; value: string | number | null; suffix?: string; testId?: string }[] }) {
  const n = props.items.length;
  const columns = n <= 6 ? Math.max(n, 1) : Math.ceil(n / 2);
  return (
    <div className={statCss.row} style={{ '--stat-columns': columns } as CSSProperties}>
      {props.items.map((s) => (
        <Card size="small" key={s.title}>
          <Statistic className={statCss.value} title={s.title} value={s.value ?? '—'} suffix={s.value === null ? undefined : s.suffix} data-testid={s.testId} />
        </Card>
      ))}
    </div>
  );
}

export const percentText = (v: number | null) => (v === null ? '—' : `${v}%`);
