import { useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DISPLAY_LINK_TOKEN_PATTERN,
  DISPLAY_SCREEN_LABELS,
  displayScreenContract,
  type BusinessScreen,
  type CareScreen,
  type DisplayScreen,
  type RoomScreen,
} from '@care/shared';
import { BASENAME, SCREEN_LINKS_PATH } from '../../app/paths';
import type { RequestClient } from '../../lib/request';
import { readRuntimeConfig } from '../../lib/runtime-config';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BigScreenText as T } from './bigscreen-text';
import { ScreenChart, type ScreenChartOption } from './ScreenChart';
import { createScreenRequest } from './screen-request';
import { openScreenSocket } from './screen-socket';

const W = 1920;
const H = 1080;
const C = { bg: '#050b1a', panel: 'rgba(16, 42, 84, 0.55)', border: '#1f4b8f', text: '#e6f1ff', dim: '#8fb3e0', accent: '#3fd0ff', gold: '#ffc53d', green: '#52e5a3', red: '#ff6b6b' } as const;

/** /bigscreen/bigscreen1|2|3 → 1|2|3; anything else null. */
export function screenOfParam(param: string | undefined): DisplayScreen | null {
  const m = /^bigscreen([123])$/.exec(param ?? '');
  return m ? (Number(m[1]) as DisplayScreen) : null;
}

/** '30000.50' → '30,000.50'. */
export function moneyText(value: string): string {
  const [whole = '0', frac = '00'] = value.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  return `${sign}${whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/**
 * /bigscreen/bigscreenN?token=…: a big screen through its display link, without sign-in. 1920×1080,
 * dark, scaled to the window; its data in one call with the token in a header, refreshed when the
 * server pushes; an invalid, expired or revoked link (or one of another screen) shows one full-screen
 * message and nothing else.
 */
export function BigScreenPage() {
  const { screen: param } = useParams();
  const screen = screenOfParam(param);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  useDocumentTitle(screen ? DISPLAY_SCREEN_LABELS[screen] : T.invalidTitle);
  const [invalid, setInvalid] = useState(() => screen === null || !DISPLAY_LINK_TOKEN_PATTERN.test(token));
  const markInvalid = useCallback(() => setInvalid(true), []);
  const runtimeConfig = useMemo(() => readRuntimeConfig(), []);
  const client = useMemo(
    () => (runtimeConfig ? createScreenRequest({ runtimeConfig, token, onInvalid: markInvalid, notify: () => undefined }) : null),
    [runtimeConfig, token, markInvalid],
  );
  return (
    <Stage>
      {invalid || !client || !screen || !runtimeConfig ? (
        <Invalid screen={screen} />
      ) : (
        <LiveScreen screen={screen} client={client} onInvalid={markInvalid} runtimeConfig={runtimeConfig} />
      )}
    </Stage>
  );
}

function scaleOf(): number {
  return Math.min(window.innerWidth / W, window.innerHeight / H);
}

/** The 1920×1080 canvas, scaled to fit the window and centred. */
function Stage({ children }: { children: ReactNode }) {
  const [scale, setScale] = useState(scaleOf);
  useEffect(() => {
    const onResize = () => setScale(scaleOf());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const stage: CSSProperties = {
    position: 'absolute',
    width: W,
    height: H,
    left: Math.max(0, (window.innerWidth - W * scale) / 2),
    top: Math.max(0, (window.innerHeight - H * scale) / 2),
    transform: `scale(${scale})`,
    transformOrigin: '0 0',
    color: C.text,
    fontFamily: '"PingFang SC", "Microsoft YaHei", sans-serif',
    background: `radial-gradient(ellipse at top, #0d2350 0%, ${C.bg} 70%)`,
    overflow: 'hidden',
  };
  return (
    <div style={{ position: 'fixed', inset: 0, background: C.bg, overflow: 'hidden' }}>
      <div className="bigscreen-stage" style={stage}>
        {children}
      </div>
    </div>
  );
}

/**
 * The one message of a screen without a valid link. An administrator who opened the screen from the
 * menu (no link yet) is pointed to 大屏链接 with this screen chosen; the page itself asks for sign-in.
 */
function Invalid({ screen }: { screen: DisplayScreen | null }) {
  const issue = `${BASENAME}${SCREEN_LINKS_PATH}${screen ? `?issue=${screen}` : ''}`;
  return (
    <div className="bigscreen-invalid" style={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 24 }}>
      <div style={{ fontSize: 72, fontWeight: 700, color: C.gold }}>{T.invalidTitle}</div>
      <div style={{ fontSize: 32, color: C.dim }}>{T.invalidHint}</div>
      <a href={issue} className="bigscreen-issue-link" style={{ marginTop: 24, fontSize: 26, color: C.text, border: `1px solid ${C.dim}`, borderRadius: 8, padding: '10px 28px' }}>
        {T.issueLink}
      </a>
    </div>
  );
}

const CONTRACTS = { 1: displayScreenContract.business, 2: displayScreenContract.rooms, 3: displayScreenContract.care } as const;

function LiveScreen({ screen, client, onInvalid, runtimeConfig }: { screen: DisplayScreen; client: RequestClient; onInvalid: () => void; runtimeConfig: NonNullable<ReturnType<typeof readRuntimeConfig>> }) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => ['bigscreen', screen], [screen]);
  const data = useQuery({ queryKey, queryFn: () => client.call(CONTRACTS[screen]) as Promise<unknown>, retry: false, refetchOnWindowFocus: false });
  const [live, setLive] = useState<'open' | 'closed'>('closed');
  useEffect(
    () =>
      openScreenSocket({
        client,
        runtimeConfig,
        location: window.location,
        onRefresh: () => void queryClient.invalidateQueries({ queryKey }),
        onInvalid,
        onState: setLive,
      }),
    [client, runtimeConfig, queryClient, queryKey, onInvalid],
  );

  const header = (
    <Header title={DISPLAY_SCREEN_LABELS[screen]} company={(data.data as { companyName?: string } | undefined)?.companyName ?? ''} updatedAt={(data.data as { updatedAt?: string } | undefined)?.updatedAt} live={live} />
  );
  if (data.isLoading) return <div style={{ padding: 400, textAlign: 'center', fontSize: 36, color: C.dim }}>…</div>;
  if (!data.data) {
    return (
      <div style={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 24 }}>
        <div style={{ fontSize: 48 }}>{T.loadFailed}</div>
        <button type="button" onClick={() => void data.refetch()} style={{ fontSize: 28, padding: '8px 32px', background: C.border, color: C.text, border: 0, borderRadius: 6 }}>
          {T.retry}
        </button>
      </div>
    );
  }
  return (
    <div className={`bigscreen bigscreen-${screen}`} data-live={live} style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {header}
      <div style={{ flex: 1, padding: '0 32px 32px', minHeight: 0 }}>
        {screen === 1 && <Business s={data.data as BusinessScreen} />}
        {screen === 2 && <Rooms s={data.data as RoomScreen} />}
        {screen === 3 && <Care s={data.data as CareScreen} />}
      </div>
    </div>
  );
}

function Header({ title, company, updatedAt, live }: { title: string; company: string; updatedAt?: string; live: 'open' | 'closed' }) {
  return (
    <div style={{ height: 110, display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '0 40px', borderBottom: `2px solid ${C.border}`, marginBottom: 24 }}>
      <div style={{ fontSize: 26, color: C.dim, width: 480 }}>{company}</div>
      <div style={{ fontSize: 52, fontWeight: 700, letterSpacing: 8, color: C.accent, textShadow: '0 0 18px rgba(63,208,255,0.6)' }}>{title}</div>
      <div style={{ fontSize: 22, color: C.dim, width: 480, textAlign: 'right' }}>
        <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, marginRight: 8, background: live === 'open' ? C.green : C.gold }} />
        {live === 'open' ? T.live : T.offline}
        {updatedAt ? <span style={{ marginLeft: 24 }}>{T.updatedAt(updatedAt)}</span> : null}
      </div>
    </div>
  );
}

function Panel({ title, children, style, testId }: { title: string; children: ReactNode; style?: CSSProperties; testId?: string }) {
  return (
    <div data-testid={testId} style={{ background: C.panel, border: `1px solid ${C.border}`, borderRadius: 8, padding: '16px 24px', display: 'flex', flexDirection: 'column', minHeight: 0, ...style }}>
      <div style={{ fontSize: 26, fontWeight: 600, color: C.accent, marginBottom: 12, borderLeft: `6px solid ${C.accent}`, paddingLeft: 12 }}>{title}</div>
      <div style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>{children}</div>
    </div>
  );
}

function Stat({ label, value, unit, color = C.text, testId }: { label: string; value: ReactNode; unit?: string; color?: string; testId: string }) {
  return (
    <div style={{ flex: 1, background: C.panel, border: `1px solid ${C.border}`, borderRadius: 8, padding: '20px 24px' }}>
      <div style={{ fontSize: 24, color: C.dim }}>{label}</div>
      <div style={{ marginTop: 8, fontSize: 56, fontWeight: 700, color, fontVariantNumeric: 'tabular-nums' }}>
        <span data-testid={testId}>{value}</span>
        {unit && <span style={{ fontSize: 26, marginLeft: 8, color: C.dim }}>{unit}</span>}
      </div>
    </div>
  );
}

function Row({ children, height, gap = 24 }: { children: ReactNode; height?: number; gap?: number }) {
  return <div style={{ display: 'flex', gap, height, marginBottom: 24 }}>{children}</div>;
}

/** A plain dark table: the first rows that fit, the rest counted. */
function ScreenTable<R>({ columns, rows, empty, max, testId }: { columns: { title: string; render: (r: R) => ReactNode; width?: number | string }[]; rows: R[]; empty: string; max: number; testId: string }) {
  if (rows.length === 0) return <div style={{ fontSize: 26, color: C.dim, padding: 24, textAlign: 'center' }}>{empty}</div>;
  return (
    <table data-testid={testId} style={{ width: '100%', borderCollapse: 'collapse', fontSize: 24 }}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.title} style={{ textAlign: 'left', color: C.dim, fontWeight: 400, padding: '6px 8px', borderBottom: `1px solid ${C.border}`, width: c.width }}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, max).map((r, i) => (
          <tr key={i} style={{ background: i % 2 ? 'rgba(255,255,255,0.03)' : undefined }}>
            {columns.map((c) => (
              <td key={c.title} style={{ padding: '6px 8px', whiteSpace: 'nowrap' }}>
                {c.render(r)}
              </td>
            ))}
          </tr>
        ))}
        {rows.length > max && (
          <tr>
            <td colSpan={columns.length} style={{ padding: '6px 8px', color: C.dim }}>
              …（共{rows.length}条）
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

// ---- 1 经营驾驶舱 ----

function Business({ s }: { s: BusinessScreen }) {
  const b = T.business;
  const trend = useMemo<ScreenChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [b.deal, b.received], textStyle: { color: C.text, fontSize: 18 } },
      grid: { left: 90, right: 30, top: 50, bottom: 40 },
      xAxis: { type: 'category', data: s.trend.map((t) => t.day.slice(5)), axisLabel: { color: C.dim, fontSize: 16 } },
      yAxis: { type: 'value', axisLabel: { color: C.dim, fontSize: 16 }, splitLine: { lineStyle: { color: 'rgba(143,179,224,0.15)' } } },
      series: [
        { name: b.deal, type: 'bar', data: s.trend.map((t) => Number(t.deal)), itemStyle: { color: C.accent }, barMaxWidth: 28 },
        { name: b.received, type: 'line', data: s.trend.map((t) => Number(t.received)), itemStyle: { color: C.gold }, lineStyle: { width: 3 } },
      ],
    }),
    [s.trend, b.deal, b.received],
  );
  const top = Math.max(1, ...s.storeRanking.map((r) => Number(r.deal)));
  return (
    <>
      <Row>
        <Stat label={b.todayDeal} value={`¥${moneyText(s.todayDeal)}`} color={C.accent} testId="stat-todayDeal" />
        <Stat label={b.todayOrders} value={s.todayOrders} unit="单" testId="stat-todayOrders" />
        <Stat label={b.todayReceived} value={`¥${moneyText(s.todayReceived)}`} color={C.gold} testId="stat-todayReceived" />
        <Stat label={b.monthDeal} value={`¥${moneyText(s.monthDeal)}`} color={C.accent} testId="stat-monthDeal" />
        <Stat label={b.monthOrders} value={s.monthOrders} unit="单" testId="stat-monthOrders" />
        <Stat label={b.monthReceived} value={`¥${moneyText(s.monthReceived)}`} color={C.gold} testId="stat-monthReceived" />
      </Row>
      <Row height={740}>
        <Panel title={b.trend} style={{ flex: 2 }}>
          <ScreenChart option={trend} height={680} testId="chart-trend" />
        </Panel>
        <Panel title={b.ranking} style={{ flex: 1 }} testId="store-ranking">
          {s.storeRanking.length === 0 ? (
            <div style={{ fontSize: 26, color: C.dim, padding: 24, textAlign: 'center' }}>{b.empty}</div>
          ) : (
            s.storeRanking.map((r, i) => (
              <div key={r.storeId} style={{ marginBottom: 18 }}>
                <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 24 }}>
                  <span>
                    <span style={{ color: i < 3 ? C.gold : C.dim, marginRight: 12 }}>{i + 1}</span>
                    {r.storeName}
                  </span>
                  <span>
                    ¥{moneyText(r.deal)}
                    <span style={{ color: C.dim, marginLeft: 12, fontSize: 20 }}>{b.orders(r.orders)}</span>
                  </span>
                </div>
                <div style={{ height: 10, marginTop: 6, background: 'rgba(143,179,224,0.15)', borderRadius: 5 }}>
                  <div style={{ width: `${Math.max(2, (Number(r.deal) / top) * 100)}%`, height: '100%', background: C.accent, borderRadius: 5 }} />
                </div>
              </div>
            ))
          )}
        </Panel>
      </Row>
    </>
  );
}

// ---- 2 房态大屏 ----

const ROOM_COLORS: Record<string, string> = { free: C.green, reserved: '#4096ff', occupied: C.red, checking_out: '#ff9c3f', dirty: C.gold, repair: '#b37feb', disabled: '#8c8c8c' };

function Rooms({ s }: { s: RoomScreen }) {
  const r = T.rooms;
  const occupancy = s.sellable > 0 ? ((s.occupied / s.sellable) * 100).toFixed(1) : '0.0';
  const moveColumns = [
    { title: r.store, render: (m: RoomScreen['arrivals'][number]) => m.storeName },
    { title: r.room, render: (m: RoomScreen['arrivals'][number]) => m.roomNo },
    { title: r.customer, render: (m: RoomScreen['arrivals'][number]) => m.customer },
    { title: r.status, render: (m: RoomScreen['arrivals'][number]) => m.status },
  ];
  return (
    <>
      <Row>
        <Stat label={r.total} value={s.roomTotal} unit="间" testId="stat-roomTotal" />
        <Stat label={r.occupancy} value={occupancy} unit="%" color={C.accent} testId="stat-occupancy" />
        <Stat label={r.occupied} value={s.occupied} unit="间夜" testId="stat-occupied" />
        <Stat label={r.sellable} value={s.sellable} unit="间" testId="stat-sellable" />
        <Stat label={r.arrivals} value={s.arrivals.length} unit="间" color={C.green} testId="stat-arrivals" />
        <Stat label={r.departures} value={s.departures.length} unit="间" color={C.gold} testId="stat-departures" />
      </Row>
      <Row height={200}>
        {s.byStatus.map((x) => (
          <div key={x.value} data-testid={`room-status-${x.value}`} style={{ flex: 1, background: C.panel, border: `1px solid ${C.border}`, borderTop: `6px solid ${ROOM_COLORS[x.value] ?? C.accent}`, borderRadius: 8, padding: 20, textAlign: 'center' }}>
            <div style={{ fontSize: 26, color: C.dim }}>{x.label}</div>
            <div style={{ fontSize: 72, fontWeight: 700, color: ROOM_COLORS[x.value] ?? C.text }}>{x.count}</div>
          </div>
        ))}
      </Row>
      <Row height={516}>
        <Panel title={r.arrivals} style={{ flex: 1 }}>
          <ScreenTable columns={moveColumns} rows={s.arrivals} empty={r.none} max={11} testId="table-arrivals" />
        </Panel>
        <Panel title={r.departures} style={{ flex: 1 }}>
          <ScreenTable columns={moveColumns} rows={s.departures} empty={r.none} max={11} testId="table-departures" />
        </Panel>
      </Row>
    </>
  );
}

// ---- 3 护理与月嫂 ----

function Care({ s }: { s: CareScreen }) {
  const c = T.care;
  const total = s.servicesByStatus.filter((x) => x.value !== 'cancelled').reduce((n, x) => n + x.count, 0);
  const completed = s.servicesByStatus.find((x) => x.value === 'completed')?.count ?? 0;
  const services = useMemo<ScreenChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 60, right: 20, top: 20, bottom: 40 },
      xAxis: { type: 'category', data: s.servicesByStatus.map((x) => x.label), axisLabel: { color: C.dim, fontSize: 18 } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: C.dim, fontSize: 16 }, splitLine: { lineStyle: { color: 'rgba(143,179,224,0.15)' } } },
      series: [{ type: 'bar', data: s.servicesByStatus.map((x) => x.count), itemStyle: { color: C.accent }, barMaxWidth: 48, label: { show: true, position: 'top', color: C.text, fontSize: 18 } }],
    }),
    [s.servicesByStatus],
  );
  return (
    <>
      <Row>
        <Stat label={c.onDutyCount} value={s.onDuty.length} unit="人" color={C.accent} testId="stat-onDuty" />
        {s.nursesByStatus.map((x) => (
          <Stat key={x.value} label={`${c.nurses}·${x.label}`} value={x.count} unit="人" testId={`stat-nurse-${x.value}`} />
        ))}
        <Stat label={c.servicesToday} value={total} unit="项" testId="stat-servicesToday" />
        <Stat label={c.completed} value={completed} unit="项" color={C.green} testId="stat-servicesCompleted" />
      </Row>
      <Row height={740}>
        <Panel title={c.onDuty} style={{ flex: 1 }}>
          <ScreenTable
            testId="table-onDuty"
            max={15}
            empty={c.none}
            rows={s.onDuty}
            columns={[
              { title: c.nurse, render: (d) => d.nurseName },
              { title: c.level, render: (d) => d.level },
              { title: c.store, render: (d) => d.storeName },
              { title: c.customer, render: (d) => d.customer },
              { title: c.progress, render: (d) => c.dayOf(d.dayNo, d.days) },
            ]}
          />
        </Panel>
        <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 24 }}>
          <Panel title={c.servicesToday} style={{ height: 260 }}>
            <ScreenChart option={services} height={200} testId="chart-services" />
          </Panel>
          <Panel title={`${c.servicesToday}·明细`} style={{ flex: 1 }}>
            <ScreenTable
              testId="table-services"
              max={9}
              empty={c.none}
              rows={s.services}
              columns={[
                { title: c.time, render: (x) => x.time },
                { title: c.item, render: (x) => x.item },
                { title: c.subject, render: (x) => x.subject },
                { title: c.customer, render: (x) => x.customer },
                { title: c.staff, render: (x) => x.staff || '-' },
                { title: c.status, render: (x) => x.statusLabel },
              ]}
            />
          </Panel>
        </div>
      </Row>
    </>
  );
}
