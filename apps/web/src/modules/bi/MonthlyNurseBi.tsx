import { useMemo } from 'react';
import { Col, Row } from 'antd';
import { biContract, DictCode, type NurseBi } from '@care/shared';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BiBody, BiFilters, ChartCard, percentText, StatRow, useBiFilters, useBiQuery, useDictLabel } from './bi-page';
import { BiPageText as text } from './bi.text';
import { EChart, namedAxisLabel, type EChartOption } from './charts/EChart';
import { pieOf } from './charts/pie-option';
import { PieEChart } from './charts/PieEChart';

/** BI 月嫂 (/bi/monthlyNurse): utilisation (days on assignment ÷ available days) overall and by level, the level mix and ratings. */
export function MonthlyNurseBi() {
  useDocumentTitle(text.nurseTitle);
  const f = useBiFilters();
  const query = useBiQuery(biContract.monthlyNurse, f.body);
  return (
    <div className="bi-page bi-nurse">
      <BiFilters page="monthlyNurse" period={f.period} onPeriod={f.setPeriod} storeId={f.storeId} onStore={f.setStoreId} />
      <BiBody query={query}>{(d) => <NurseFigures d={d} />}</BiBody>
    </div>
  );
}

function NurseFigures({ d }: { d: NurseBi }) {
  const level = useDictLabel(DictCode.nurseLevel);
  const byLevel = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)}%` },
      grid: { left: 48, right: 16, bottom: 24, top: 24 },
      xAxis: { type: 'category', data: d.levels.map((l) => level(l.level)), axisLabel: namedAxisLabel(d.levels.length) },
      yAxis: { type: 'value', max: 100 },
      series: [{ type: 'bar', name: text.utilisation, data: d.levels.map((l) => l.utilisation ?? 0) }],
    }),
    [d, level],
  );
  const mix = useMemo(() => pieOf(d.levels.map((l) => ({ name: level(l.level), value: l.nurses })), text.levelMix, { ordered: true }), [d, level]);
  const ratings = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, bottom: 24, top: 24 },
      xAxis: { type: 'category', data: d.ratings.map((r) => text.stars(r.stars)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: text.nurses, data: d.ratings.map((r) => r.nurses) }],
    }),
    [d],
  );
  return (
    <>
      <StatRow
        items={[
          { title: text.nurses, value: d.nurses, testId: 'bi-nurses' },
          { title: text.utilisation, value: percentText(d.utilisation), testId: 'bi-utilisation' },
          { title: text.busyDays, value: d.busyDays },
          { title: text.availableDays, value: d.availableDays },
          { title: text.averageRating, value: d.averageRating },
        ]}
      />
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <ChartCard title={text.byLevel} empty={d.levels.length === 0}>
            <EChart option={byLevel} data-testid="bi-chart-level-utilisation" />
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard title={text.levelMix} empty={d.levels.length === 0}>
            <PieEChart option={mix} data-testid="bi-chart-level-mix" />
          </ChartCard>
        </Col>
      </Row>
      <ChartCard title={text.ratings} empty={d.nurses === 0}>
        <EChart option={ratings} data-testid="bi-chart-ratings" />
      </ChartCard>
    </>
  );
}

export default MonthlyNurseBi;
