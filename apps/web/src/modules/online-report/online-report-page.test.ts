import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { OnlineReportParam } from '@care/shared';
import { chartOption } from './ReportChart';
import { initialParamValues, toParamValues } from './report-params';

const param = (name: string, type: OnlineReportParam['type'], defaultValue = ''): OnlineReportParam => ({ name, label: name, type, defaultValue, required: false, dictCode: '' });

describe('report parameters in the search form', () => {
  const params = [param('store', 'text'), param('min', 'number', '100'), param('day', 'date', '2026-03-01')];
  it('starts from the defaults, typed for their inputs', () => {
    const initial = initialParamValues(params);
    expect(initial.min).toBe(100);
    expect(dayjs.isDayjs(initial.day) && initial.day.format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(initial).not.toHaveProperty('store');
  });
  it('sends dates as YYYY-MM-DD, numbers as numbers and empty inputs as null', () => {
    expect(toParamValues(params, { store: '', min: 5, day: dayjs('2026-04-02') })).toEqual({ store: null, min: 5, day: '2026-04-02' });
  });
});

describe('report chart', () => {
  const rows = [
    { name: 'A店', amount: '100.50', count: 2 },
    { name: 'B店', amount: '300', count: 1 },
  ];
  const label = (f: string) => ({ amount: '金额', count: '单数' })[f] ?? f;
  it('draws nothing without a chart type, an axis or rows', () => {
    expect(chartOption({ type: 'none', xField: 'name', yFields: ['amount'] }, rows, label)).toBeNull();
    expect(chartOption({ type: 'bar', xField: '', yFields: ['amount'] }, rows, label)).toBeNull();
    expect(chartOption({ type: 'bar', xField: 'name', yFields: ['amount'] }, [], label)).toBeNull();
  });
  it('draws one series per y field over the x values', () => {
    const drawn = chartOption({ type: 'line', xField: 'name', yFields: ['amount', 'count'] }, rows, label)!;
    expect(drawn.kind).toBe('axis');
    expect(drawn.option.xAxis).toMatchObject({ data: ['A店', 'B店'] });
    expect(drawn.option.series).toEqual([
      { type: 'line', name: '金额', data: [100.5, 300] },
      { type: 'line', name: '单数', data: [2, 1] },
    ]);
  });
  it('draws a pie of the first y field, parts largest first, with a legend while the parts are few', () => {
    const drawn = chartOption({ type: 'pie', xField: 'name', yFields: ['amount', 'count'] }, rows, label)!;
    expect(drawn.kind).toBe('pie');
    const [series, ...others] = drawn.option.series as { type: string; name: string; data: { name: string; value: number }[] }[];
    expect(others).toEqual([]);
    expect(series).toMatchObject({ type: 'pie', name: '金额' });
    expect(series!.data).toEqual([
      { name: 'B店', value: 300 },
      { name: 'A店', value: 100.5 },
    ]);
    expect(drawn.option.legend).toMatchObject({ type: 'plain' });
    expect(drawn.option).not.toHaveProperty('xAxis');
  });
  it('leaves the legend out of a pie of many parts', () => {
    const many = Array.from({ length: 13 }, (_, i) => ({ name: `门店${i}`, amount: i + 1 }));
    const drawn = chartOption({ type: 'pie', xField: 'name', yFields: ['amount'] }, many, label)!;
    expect(drawn.option).not.toHaveProperty('legend');
    expect((drawn.option.series as { data: unknown[] }[])[0]!.data).toHaveLength(13);
  });
});
