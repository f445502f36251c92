import { useState, type ReactNode } from 'react';
import { Card, DatePicker, Empty, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { biContract, type BI_PAGES } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { useDictOptions } from '../../components/dict/useDictOptions';
import { BiPageText as text } from './bi.text';

export { BiBody, percentText, StatRow, useBiQuery } from './bi-figures';

export interface Period {
  from: string;
  to: string;
}

const fmt = (d: Dayjs) => d.format('YYYY-MM-DD');

/** This month up to today. */
export const thisMonth = (): Period => ({ from: fmt(dayjs().startOf('month')), to: fmt(dayjs()) });

const presets = () => [
  { label: text.thisMonth, value: [dayjs().startOf('month'), dayjs()] as [Dayjs, Dayjs] },
  { label: text.lastMonth, value: [dayjs().subtract(1, 'month').startOf('month'), dayjs().subtract(1, 'month').endOf('month')] as [Dayjs, Dayjs] },
  { label: text.last30, value: [dayjs().subtract(29, 'day'), dayjs()] as [Dayjs, Dayjs] },
  { label: text.thisYear, value: [dayjs().startOf('year'), dayjs()] as [Dayjs, Dayjs] },
];

/** Period picker (with presets) and, optionally, the store (none = every store the caller may see). */
export function BiFilters(props: {
  period: Period;
  onPeriod: (p: Period) => void;
  storeId?: string;
  onStore?: (id: string | undefined) => void;
  allowAllStores?: boolean;
  /** The page whose allowed stores the select offers, or the stores themselves. */
  page?: (typeof BI_PAGES)[number];
  stores?: { id: string; name: string }[];
}) {
  const { request } = useServices();
  const allowed = useQuery({
    queryKey: ['biStores', props.page],
    queryFn: () => request.call(biContract.stores, { page: props.page! }),
    enabled: Boolean(props.page) && !props.stores,
    staleTime: 5 * 60_000,
  });
  const stores = props.stores ?? allowed.data ?? [];
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <DatePicker.RangePicker
        className="bi-period"
        aria-label={text.period}
        allowClear={false}
        value={[dayjs(props.period.from), dayjs(props.period.to)]}
        presets={presets()}
        onChange={(v) => {
          if (v?.[0] && v[1]) props.onPeriod({ from: fmt(v[0]), to: fmt(v[1]) });
        }}
      />
      {props.onStore && (
        <Select
          className="bi-store"
          aria-label={text.store}
          style={{ width: 200 }}
          allowClear={props.allowAllStores !== false}
          placeholder={text.allStores}
          value={props.storeId}
          onChange={(id: string | undefined) => props.onStore?.(id)}
          options={stores.map((s) => ({ value: s.id, label: s.name }))}
          notFoundContent={text.noStore}
        />
      )}
    </Space>
  );
}




/** A titled card holding a chart, or the empty state when there is nothing to draw. */
export function ChartCard(props: { title: string; empty?: boolean; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card title={props.title} size="small" extra={props.extra} style={{ marginBottom: 16 }}>
      {props.empty ? <Empty description={text.empty} /> : props.children}
    </Card>
  );
}

/** Labels of a dictionary's codes (payment method, receivable item, product kind, nurse level). */
export function useDictLabel(code: string): (value: string | null | undefined) => string {
  const options = useDictOptions(code).data ?? [];
  return (value) => (value ? (options.find((o) => o.value === value)?.label ?? value) : text.empty);
}


/** Filters of a BI page kept in its state: this month and every store at first. */
export function useBiFilters() {
  const [period, setPeriod] = useState<Period>(thisMonth);
  const [storeId, setStoreId] = useState<string>();
  return { period, setPeriod, storeId, setStoreId, body: { ...period, storeId } };
}
