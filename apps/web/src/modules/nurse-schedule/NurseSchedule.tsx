import { memo, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Empty, Form, Input, List, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DictCode, NURSE_DAY_STATE_COLORS, NURSE_DAY_STATE_LABELS, nurseScheduleContract, Permission, type NurseDayState, type NurseScheduleNurse, type NurseScheduleRow, type NurseScheduleTeam } from '@care/shared';
import { StoreSelect } from '../../components/crm';
import { DictSelect, DictTag } from '../../components/dict';
import { useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';
import { NurseScheduleText as T } from './nurse-schedule-text';
import { DAY_STATE_LEGEND, dayTitle, monthWeeks, spanAt, spanDays, spanText } from './nurse-schedule-view';
import { NurseMatchDrawer } from './NurseMatchDrawer';
import css from './NurseSchedule.module.css';

interface Filters {
  storeId?: string;
  level?: string;
  name?: string;
  month: string;
}

const thisMonth = () => dayjs().format('YYYY-MM');
const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/**
 * 月嫂档期 (/serve/nurseSchedule): the team view (nurses × the days of a month, a colour per state, the
 * legend with counts) and, for a nurse clicked, her month as a calendar with what occupies each day.
 */
export function NurseSchedule() {
  const may = useAuthorized()(Permission.nurseScheduleList);
  const [filters, setFilters] = useState<Filters>({ month: thisMonth() });
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const mayMatch = useAuthorized()(Permission.nurseMatch);
  const [chosen, setChosen] = useState<ChosenNurse | null>(null);
  const [matching, setMatching] = useState(false);
  const today = dayjs().format('YYYY-MM-DD');

  if (chosen) return <NurseMonth nurse={chosen} month={filters.month} onBack={() => setChosen(null)} />;
  return (
    <div className={`${css.page} nurse-schedule`}>
      <TeamFilters
        value={filters}
        onChange={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        extra={
          mayMatch ? (
            <Button onClick={() => setMatching(true)} className="nurse-schedule-match">
              {T.match}
            </Button>
          ) : null
        }
      />
      <NurseMatchDrawer
        open={matching}
        // From the month shown (today when it is this month), 26 days, the store filtered on.
        criteria={{ storeId: filters.storeId, startDate: filters.month === today.slice(0, 7) ? today : `${filters.month}-01`, days: 26 }}
        onClose={() => setMatching(false)}
        onPick={(n) => {
          setMatching(false);
          setChosen(n);
        }}
      />
      {may ? <TeamView filters={filters} page={page} onPage={setPage} onChoose={setChosen} /> : <Empty />}
    </div>
  );
}

/** A nurse whose month is shown: picked on the grid or from the matcher. */
interface ChosenNurse {
  id: string;
  name: string;
  nurseNo: string;
}

function TeamFilters({ value, onChange, extra }: { value: Filters; onChange: (f: Filters) => void; extra: ReactNode }) {
  const [form] = Form.useForm<{ storeId?: string; level?: string; name?: string; month: dayjs.Dayjs }>();
  const submit = (v: { storeId?: string; level?: string; name?: string; month?: dayjs.Dayjs | null }) =>
    onChange({ storeId: v.storeId || undefined, level: v.level || undefined, name: v.name?.trim() || undefined, month: v.month ? v.month.format('YYYY-MM') : thisMonth() });
  return (
    <Form form={form} layout="inline" className={`${css.panel} nurse-schedule-filters`} initialValues={{ ...value, month: dayjs(`${value.month}-01`) }} onFinish={submit}>
      <Form.Item name="storeId" label={T.store}>
        <StoreSelect allowClear style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="level" label={T.level}>
        <DictSelect code={DictCode.nurseLevel} allowClear style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="name" label={T.name}>
        <Input allowClear placeholder={T.namePlaceholder} style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="month" label={T.month}>
        <DatePicker picker="month" allowClear={false} className="nurse-schedule-month" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {T.query}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            form.setFieldsValue({ storeId: undefined, level: undefined, name: undefined, month: dayjs() });
            submit({ month: dayjs() });
          }}
        >
          {T.reset}
        </Button>
        {extra}
      </Space>
    </Form>
  );
}

function TeamView({ filters, page, onPage, onChoose }: { filters: Filters; page: { pageNo: number; pageSize: number }; onPage: (p: { pageNo: number; pageSize: number }) => void; onChoose: (n: NurseScheduleRow) => void }) {
  const { request } = useServices();
  const team = useQuery({
    queryKey: ['nurseSchedule', 'team', filters, page],
    queryFn: () => request.call(nurseScheduleContract.team, { ...filters, ...page }),
    placeholderData: (previous) => previous,
  });
  const data = team.data;
  if (team.error && !data) return <Alert type="error" message={T.loadFailed} />;
  if (!data) return <Skeleton active className={css.panel} />;
  return (
    <>
      <Legend counts={data.counts} />
      <div className={`${css.panel} nurse-schedule-team`} aria-busy={team.isFetching}>
        {data.page.records.length === 0 ? <Empty description={T.noNurses} /> : <TeamGrid data={data} onChoose={onChoose} />}
        <Pagination
          style={{ marginTop: 12, textAlign: 'right' }}
          size="small"
          current={data.page.current}
          pageSize={data.page.size}
          total={data.page.total}
          showSizeChanger
          showTotal={(total) => `总共 ${total}${data.page.totalCapped ? '+' : ''} 条`}
          onChange={(pageNo, pageSize) => onPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize })}
        />
      </div>
    </>
  );
}

function Legend({ counts }: { counts: Record<NurseDayState, number> }) {
  return (
    <div className={`${css.panel} ${css.stats} nurse-schedule-legend`}>
      {DAY_STATE_LEGEND.map((l) => (
        <span key={l.value} className={css.stat} data-state={l.value}>
          <i className={css.swatch} style={{ background: l.color }} />
          {l.label} <b data-count={l.value}>{counts[l.value] ?? 0}</b>
        </span>
      ))}
    </div>
  );
}

/** Nurses × days as plain divs (no antd per cell), so 20 nurses × 62 days render in one pass. */
const TeamGrid = memo(function TeamGrid({ data, onChoose }: { data: NurseScheduleTeam; onChoose: (n: NurseScheduleRow) => void }) {
  const style = { '--days': data.days.length } as CSSProperties;
  return (
    <div className={css.grid}>
      <div className={`${css.row} ${css.head}`} style={style}>
        <span>{T.nurse}</span>
        {data.days.map((d) => (
          <span key={d} className={d === data.today ? css.today : isWeekend(d) ? css.weekend : undefined}>
            {d.endsWith('-01') || d === data.days[0] ? d.slice(5) : d.slice(8)}
          </span>
        ))}
      </div>
      {data.page.records.map((n) => (
        <div key={n.id} className={`${css.row} nurse-schedule-row`} style={style} data-nurse-no={n.nurseNo}>
          <a className={`${css.name} nurse-schedule-name`} onClick={() => onChoose(n)} title={`${n.name}（${n.nurseNo}）${n.storeName ? ` · ${n.storeName}` : ''}`}>
            {n.name} <span className={css.muted}>{n.nurseNo}</span>
          </a>
          {n.states.map((s, i) => {
            const day = data.days[i]!;
            const span = s === 'free' ? undefined : spanAt(n, day);
            return (
              <span
                key={day}
                className={`${css.cell} nurse-schedule-cell`}
                data-day={day}
                data-state={s}
                data-assignment={span?.assignmentNo ?? undefined}
                style={{ background: NURSE_DAY_STATE_COLORS[s] }}
                title={dayTitle(n, day, s)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
});

/** One nurse's month: a calendar of her days with each day's state and what occupies it, and the month's spans. */
function NurseMonth({ nurse, month: initial, onBack }: { nurse: ChosenNurse; month: string; onBack: () => void }) {
  const { request } = useServices();
  const [month, setMonth] = useState(initial);
  const one = useQuery({
    queryKey: ['nurseSchedule', 'nurse', nurse.id, month],
    queryFn: () => request.call(nurseScheduleContract.nurse, { nurseId: nurse.id, month }),
    placeholderData: (previous) => previous,
  });
  const data = one.data;
  return (
    <div className={`${css.page} nurse-schedule-month-view`}>
      <div className={css.panel}>
        <Space wrap>
          <Button onClick={onBack} className="nurse-schedule-back">
            {T.back}
          </Button>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {T.monthTitle(nurse.name, nurse.nurseNo, month)}
          </Typography.Title>
          {data ? <DictTag code={DictCode.nurseLevel} value={data.nurse.level} /> : null}
          {data?.nurse.storeName ? <Tag>{data.nurse.storeName}</Tag> : null}
          <DatePicker picker="month" allowClear={false} value={dayjs(`${month}-01`)} onChange={(d) => d && setMonth(d.format('YYYY-MM'))} />
        </Space>
      </div>
      {one.error && !data ? <Alert type="error" message={T.loadFailed} /> : !data ? <Skeleton active className={css.panel} /> : <MonthBody data={data} />}
    </div>
  );
}

function MonthBody({ data }: { data: NurseScheduleNurse }) {
  const n = data.nurse;
  const stateOf = new Map(data.days.map((d, i) => [d, n.states[i]!]));
  return (
    <>
      <Legend counts={data.counts} />
      <div className={`${css.panel} ${css.calendar} nurse-schedule-calendar`}>
        {WEEKDAYS.map((w) => (
          <div key={w} className={css.weekday}>
            {w}
          </div>
        ))}
        {monthWeeks(data.days)
          .flat()
          .map((day, i) => {
            if (!day) return <div key={`pad${i}`} />;
            const state = stateOf.get(day) ?? 'free';
            const span = state === 'free' ? undefined : spanAt(n, day);
            const color = NURSE_DAY_STATE_COLORS[state];
            return (
              <div key={day} className={`${css.day} nurse-schedule-day`} data-day={day} data-state={state} style={{ borderLeftColor: color, background: state === 'free' ? '#fff' : `${color}14` }}>
                <div className={css.dayNo}>
                  <span style={day === data.today ? { color: '#1677ff' } : undefined}>{Number(day.slice(8))}</span>
                  <span style={{ color: state === 'free' ? undefined : color }}>{NURSE_DAY_STATE_LABELS[state]}</span>
                </div>
                {span ? <div className={css.muted}>{spanText(span)}</div> : null}
              </div>
            );
          })}
      </div>
      <div className={css.panel}>
        <Typography.Title level={5}>{T.spans}</Typography.Title>
        {n.spans.length === 0 ? (
          <Empty description={T.noSpans} />
        ) : (
          <List
            size="small"
            className="nurse-schedule-spans"
            dataSource={n.spans}
            renderItem={(s) => (
              <List.Item data-state={s.state}>
                <Space>
                  <Tag color={NURSE_DAY_STATE_COLORS[s.state]}>{NURSE_DAY_STATE_LABELS[s.state]}</Tag>
                  <span>
                    {s.from} 至 {s.to}（{T.days(spanDays(s))}）
                  </span>
                  <span>{spanText(s)}</span>
                </Space>
              </List.Item>
            )}
          />
        )}
      </div>
    </>
  );
}
