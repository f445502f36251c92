import type { ReactNode } from 'react';
import { Alert, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Contract, ContractResult } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { BiPageText as text } from './bi.text';

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

/** A row of figures. */
export function StatRow(props: { items: { title: string; value: string | number | null; suffix?: string; testId?: string }[] }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {props.items.map((s) => (
        <Col key={s.title} xs={12} md={8} xl={Math.max(4, Math.floor(24 / props.items.length))}>
          <Card size="small">
            <Statistic title={s.title} value={s.value ?? '—'} suffix={s.value === null ? undefined : s.suffix} data-testid={s.testId} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export const percentText = (v: number | null) => (v === null ? '—' : `${v}%`);
