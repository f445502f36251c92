import { useMemo } from 'react';
import { Col, Row } from 'antd';
import { biContract, type RoomBi as Figures } from '@care/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BiBody, BiFilters, ChartCard, percentText, StatRow, useBiFilters, useBiQuery } from './bi-page';
import { BiPageText as text } from './bi.text';
import { EChart, namedAxisLabel, type EChartOption } from './charts/EChart';

const rateLine = (name: string, points: { day: string; rate: number | null }[]): EChartOption => ({
  tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)}%` },
  grid: { left: 48, right: 16, bottom: 24, top: 24 },
  xAxis: { type: 'category', data: points.map((p) => p.day.slice(5)) },
  yAxis: { type: 'value', max: 100 },
  series: [{ type: 'line', name, areaStyle: {}, data: points.map((p) => p.rate ?? 0) }],
});

/** BI 房间 (/bi/room): occupancy (occupied ÷ sellable room-nights) overall, by room type, per night, and the next 30 nights. */
export function RoomBi() {
  useDocumentTitle(text.roomTitle);
  const f = useBiFilters();
  const query = useBiQuery(biContract.room, f.body);
  return (
    <div className="bi-page bi-room">
      <BiFilters page="room" period={f.period} onPeriod={f.setPeriod} storeId={f.storeId} onStore={f.setStoreId} />
      <BiBody query={query}>{(d) => <RoomFigures d={d} />}</BiBody>
    </div>
  );
}

function RoomFigures({ d }: { d: Figures }) {
  const byType = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)}%` },
      grid: { left: 48, right: 16, bottom: 24, top: 24 },
      xAxis: { type: 'category', data: d.roomTypes.map((t) => t.roomTypeName), axisLabel: namedAxisLabel(d.roomTypes.length) },
      yAxis: { type: 'value', max: 100 },
      series: [{ type: 'bar', name: text.occupancy, data: d.roomTypes.map((t) => t.rate ?? 0) }],
    }),
    [d],
  );
  const trend = useMemo(() => rateLine(text.occupancy, d.trend), [d]);
  const forecast = useMemo(() => rateLine(text.occupancy, d.forecast), [d]);
  return (
    <>
      <StatRow
        items={[
          { title: text.occupancy, value: percentText(d.total.rate), testId: 'bi-occupancy' },
          { title: text.occupied, value: d.total.occupied, testId: 'bi-occupied' },
          { title: text.sellable, value: d.total.sellable, testId: 'bi-sellable' },
        ]}
      />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <ChartCard title={text.byRoomType} empty={d.roomTypes.length === 0}>
            <EChart option={byType} data-testid="bi-chart-room-types" />
          </ChartCard>
        </Col>
        <Col xs={24} lg={14}>
          <ChartCard title={text.occupancyTrend}>
            <EChart option={trend} data-testid="bi-chart-occupancy" />
          </ChartCard>
        </Col>
      </Row>
      <ChartCard title={text.forecast}>
        <EChart option={forecast} data-testid="bi-chart-forecast" />
      </ChartCard>
    </>
  );
}

export default RoomBi;
