import { Alert, Card, Col, Descriptions, Empty, Progress, Row, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { monitorContract, type MonitorOverview } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { formatBytes, formatMs, formatUptime, MonitorPageText as text, percent, sparklinePoints } from './monitor-view';

const REFRESH_MS = 5_000;

/**
 * 监控页 (/dashboard/monitor): this server's own counters — request rate, latency percentiles, error
 * rates, the database and the process — refreshed every few seconds while the tab is visible (React
 * Query does not refetch on an interval in a hidden tab).
 */
export function Monitor() {
  const { request } = useServices();
  const overview = useQuery({
    queryKey: ['monitor', 'overview'],
    queryFn: () => request.call(monitorContract.overview),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: (previous) => previous,
  });
  const data = overview.data;
  if (overview.error && !data) return <Alert type="error" message={text.loadFailed} />;
  if (!data) return <Skeleton active />;
  return (
    <div className="monitor-page">
      <Typography.Text type="secondary" className="monitor-now">
        {text.refresh} · {data.now}
      </Typography.Text>
      <Row gutter={[16, 16]} style={{ marginTop: 12 }}>
        <Figure name="rate" title={text.rate} value={data.lastMinute.ratePerSecond} suffix={text.perSecond} precision={2} />
        <Figure name="p50" title={text.p50} value={formatMs(data.lastFiveMinutes.latency.p50)} suffix={text.ms} />
        <Figure name="p95" title={text.p95} value={formatMs(data.lastFiveMinutes.latency.p95)} suffix={text.ms} />
        <Figure name="p99" title={text.p99} value={formatMs(data.lastFiveMinutes.latency.p99)} suffix={text.ms} />
        <Figure name="server-errors" title={text.serverErrors} value={percent(data.lastFiveMinutes.serverErrorRate)} suffix="%" precision={2} danger={data.lastFiveMinutes.counts.server > 0} />
        <Figure name="business-errors" title={text.businessErrors} value={percent(data.lastFiveMinutes.businessErrorRate)} suffix="%" precision={2} />
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={12}>
          <Card title={text.totals} size="small" className="monitor-totals">
            <Row gutter={16}>
              <Col span={6}>
                <Statistic title={text.requests} value={data.totals.requests} className="monitor-total-requests" />
              </Col>
              <Col span={6}>
                <Statistic title={text.ok} value={data.totals.ok} />
              </Col>
              <Col span={6}>
                <Statistic title={text.business} value={data.totals.business} />
              </Col>
              <Col span={6}>
                <Statistic title={text.server} value={data.totals.server} valueStyle={data.totals.server ? { color: '#cf1322' } : undefined} />
              </Col>
            </Row>
            <Descriptions size="small" column={2} style={{ marginTop: 12 }}>
              <Descriptions.Item label={text.uptime}>
                <span className="monitor-uptime">{formatUptime(data.uptimeSeconds)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={text.startedAt}>{data.startedAt}</Descriptions.Item>
              <Descriptions.Item label={text.auth}>{data.totals.auth}</Descriptions.Item>
              <Descriptions.Item label="Node.js">{data.process.nodeVersion}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <ProcessCard data={data} />
        </Col>
        <Col xs={24} lg={12}>
          <DatabaseCard database={data.database} />
        </Col>
        <Col xs={24} lg={12}>
          <TrendCard series={data.series} />
        </Col>
        <Col span={24}>
          <Card title={text.routes} size="small">
            <Table
              className="monitor-routes"
              size="small"
              rowKey="route"
              pagination={false}
              dataSource={data.routes}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.none} /> }}
              columns={[
                { title: text.route, dataIndex: 'route', render: (route: string) => <Typography.Text code>{route}</Typography.Text> },
                { title: text.requests, dataIndex: 'requests', align: 'right', width: 100 },
                { title: text.errors, dataIndex: 'errors', align: 'right', width: 100, render: (n: number, r) => (r.server ? <Tag color="red">{n}</Tag> : n) },
                { title: text.meanMs, dataIndex: 'meanMs', align: 'right', width: 140, render: formatMs },
                { title: text.maxMs, dataIndex: 'maxMs', align: 'right', width: 140, render: formatMs },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

function Figure(p: { name: string; title: string; value: number | string; suffix?: string; precision?: number; danger?: boolean }) {
  return (
    <Col xs={12} md={8} xl={4}>
      <Card size="small" className={`monitor-figure monitor-${p.name}`}>
        <Statistic title={p.title} value={p.value} suffix={p.suffix} precision={typeof p.value === 'number' ? p.precision : undefined} valueStyle={p.danger ? { color: '#cf1322' } : undefined} />
      </Card>
    </Col>
  );
}

function ProcessCard({ data }: { data: MonitorOverview }) {
  const p = data.process;
  const systemUsed = p.systemTotalBytes - p.systemFreeBytes;
  return (
    <Card title={text.process} size="small" className="monitor-process">
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title={text.memory} value={formatBytes(p.rssBytes)} />
        </Col>
        <Col span={8}>
          <Statistic title={text.heap} value={`${formatBytes(p.heapUsedBytes)} / ${formatBytes(p.heapTotalBytes)}`} valueStyle={{ fontSize: 18 }} />
        </Col>
        <Col span={8}>
          <Statistic title={text.load} value={p.loadAverage1m} suffix={`/ ${p.cpuCount}`} />
        </Col>
      </Row>
      <div style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">
          {text.systemMemory} {formatBytes(systemUsed)} / {formatBytes(p.systemTotalBytes)}
        </Typography.Text>
        <Progress percent={Math.round((systemUsed / p.systemTotalBytes) * 100)} size="small" />
      </div>
    </Card>
  );
}

function DatabaseCard({ database }: { database: MonitorOverview['database'] }) {
  const pool = database.pool;
  return (
    <Card title={`${text.database}：${database.label}`} size="small" className="monitor-database">
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title={text.databaseSize} value={formatBytes(database.sizeBytes)} className="monitor-db-size" />
        </Col>
        <Col span={12}>
          <Statistic title={text.ping} value={database.pingMs === null ? text.notAnswering : formatMs(database.pingMs)} suffix={database.pingMs === null ? undefined : text.ms} />
        </Col>
      </Row>
      <div style={{ marginTop: 12 }} className="monitor-pool">
        {pool ? (
          <>
            <Typography.Text type="secondary">
              {text.pool}：{text.poolTotal} {pool.total} · {text.poolIdle} {pool.idle} · {text.poolWaiting} {pool.waiting} · {text.poolMax} {pool.max}
            </Typography.Text>
            <Progress percent={Math.round((pool.total / pool.max) * 100)} success={{ percent: Math.round(((pool.total - pool.idle) / pool.max) * 100) }} size="small" status={pool.waiting ? 'exception' : 'normal'} />
          </>
        ) : (
          <Typography.Text type="secondary">{text.embeddedPool}</Typography.Text>
        )}
      </div>
    </Card>
  );
}

const W = 480;
const H = 60;

function TrendCard({ series }: { series: MonitorOverview['series'] }) {
  const lines = [
    { label: text.trendRequests, color: '#1677ff', values: series.map((p) => p.requests) },
    { label: text.trendErrors, color: '#cf1322', values: series.map((p) => p.server + p.business) },
    { label: text.trendP95, color: '#faad14', values: series.map((p) => p.p95) },
  ];
  const first = series[0]?.time ?? '';
  const last = series.at(-1)?.time ?? '';
  return (
    <Card title={text.trend} size="small" className="monitor-trend">
      {lines.map((line) => (
        <div key={line.label} style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {line.label}（最大 {Math.max(0, ...line.values.map((v) => v ?? 0))}）
          </Typography.Text>
          <svg viewBox={`0 0 ${W} ${H}`} width="100%" height={H} preserveAspectRatio="none" role="img" aria-label={line.label}>
            <polyline fill="none" stroke={line.color} strokeWidth={1.5} points={sparklinePoints(line.values, W, H - 2)} />
          </svg>
        </div>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {first} — {last}
      </Typography.Text>
    </Card>
  );
}
