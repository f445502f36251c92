/** Texts and formatting of 监控页. */
export const MonitorPageText = {
  title: '监控页',
  refresh: '每 5 秒刷新（页面隐藏时暂停）',
  loadFailed: '监控数据加载失败',
  rate: '请求速率（近 1 分钟）',
  perSecond: '次/秒',
  p50: 'P50 延迟',
  p95: 'P95 延迟',
  p99: 'P99 延迟',
  serverErrors: '服务器错误率（5xx，近 5 分钟）',
  businessErrors: '业务错误率（4xx，近 5 分钟）',
  totals: '启动以来请求',
  uptime: '运行时长',
  startedAt: '启动于',
  process: '进程',
  memory: '内存（RSS）',
  heap: '堆内存',
  systemMemory: '系统内存',
  load: '1 分钟负载',
  database: '数据库',
  databaseSize: '数据库大小',
  ping: '查询耗时',
  pool: '连接池',
  poolTotal: '连接数',
  poolIdle: '空闲',
  poolWaiting: '等待',
  poolMax: '上限',
  embeddedPool: '嵌入式数据库为单会话，无连接池',
  notAnswering: '未响应',
  trend: '近 10 分钟趋势（每 10 秒）',
  trendRequests: '请求数',
  trendErrors: '错误数',
  trendP95: 'P95 延迟（毫秒）',
  routes: '近 5 分钟最繁忙的接口',
  route: '接口',
  requests: '请求数',
  errors: '错误数',
  meanMs: '平均耗时（毫秒）',
  maxMs: '最大耗时（毫秒）',
  none: '暂无请求',
  ms: '毫秒',
  ok: '成功',
  business: '业务错误',
  server: '服务器错误',
  auth: '未登录/无权限',
} as const;

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  const s = seconds % 60;
  if (d) return `${d} 天 ${h} 小时 ${m} 分`;
  if (h) return `${h} 小时 ${m} 分`;
  if (m) return `${m} 分 ${s} 秒`;
  return `${s} 秒`;
}

export const formatMs = (ms: number | null) => (ms === null ? '—' : ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : String(Math.round(ms)));
export const percent = (ratio: number) => Math.round(ratio * 10_000) / 100;

/** SVG polyline points of `values` scaled into width × height (null counts as 0). */
export function sparklinePoints(values: (number | null)[], width: number, height: number): string {
  if (!values.length) return '';
  const max = Math.max(1, ...values.map((v) => v ?? 0));
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => `${(i * step).toFixed(1)},${(height - ((v ?? 0) / max) * height).toFixed(1)}`).join(' ');
}
