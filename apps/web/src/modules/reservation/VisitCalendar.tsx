import { Fragment, useMemo, useState, type CSSProperties } from 'react';
import { Button, DatePicker, Empty, Segmented, Space, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Permission, reservationContract, visitStatusLabel, type Reservation, type VisitStatus } from '@care/shared';
import { useListAccess } from '../../components/crud/list-access';
import { useServices } from '../../lib/useServices';
import { DictSelect } from '../../components/dict/DictSelect';
import { StoreSelect } from '../../components/crm/CrmSelects';
import { DATE_FORMAT, shanghaiNow } from '../../components/crm/date-field';
import { visitQueryKey } from './VisitActions';
import { addDays, bySlot, hoursFor, slotKey, VISIT_STATUS_COLORS, weekDays, weekdayIndex } from './visit-calendar';
import { VisitText } from './visit-text';

type Mode = 'week' | 'day';

interface VisitCalendarProps {
  /** A visit card was clicked. */
  onOpen: (visit: Reservation) => void;
}

const BORDER = '1px solid #f0f0f0';
const HOUR_COLUMN = 56;

/**
 * 日历: the visits of a week (7 day columns × hours) or of a day (listed by hour), from
 * `/online/reservation/calendar` under the caller's data rules; cards coloured by status.
 */
export function VisitCalendar({ onOpen }: VisitCalendarProps) {
  const { request } = useServices();
  const { allowed: canList } = useListAccess(Permission.reservationList);
  const today = shanghaiNow().slice(0, 10);
  const [mode, setMode] = useState<Mode>('week');
  const [anchor, setAnchor] = useState(today);
  const [storeId, setStoreId] = useState<string | undefined>();
  const [status, setStatus] = useState<VisitStatus | undefined>();

  const days = mode === 'week' ? weekDays(anchor) : [anchor];
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const calendar = useQuery({
    queryKey: [...visitQueryKey, 'calendar', from, to, storeId ?? '', status ?? ''],
    queryFn: () => request.call(reservationContract.calendar, { from, to, ...(storeId ? { storeId } : {}), ...(status ? { status } : {}) }),
    enabled: canList,
    placeholderData: keepPreviousData,
  });
  const visits = useMemo(() => calendar.data ?? [], [calendar.data]);
  const hours = useMemo(() => hoursFor(visits), [visits]);
  const slots = useMemo(() => bySlot(visits), [visits]);

  const step = mode === 'week' ? 7 : 1;
  const range = mode === 'week' ? `${from} ~ ${to}` : `${from} ${VisitText.weekdays[weekdayIndex(from)]}`;
  const openDay = (date: string) => {
    setAnchor(date);
    setMode('day');
  };

  const toolbar = (
    <Space wrap size="middle" className="visit-calendar-toolbar" style={{ marginBottom: 16 }}>
      <Space.Compact>
        <Button icon={<LeftOutlined />} onClick={() => setAnchor(addDays(anchor, -step))} className="visit-calendar-prev">
          {mode === 'week' ? VisitText.prevWeek : VisitText.prevDay}
        </Button>
        <Button onClick={() => setAnchor(today)} className="visit-calendar-today">
          {VisitText.today}
        </Button>
        <Button icon={<RightOutlined />} iconPosition="end" onClick={() => setAnchor(addDays(anchor, step))} className="visit-calendar-next">
          {mode === 'week' ? VisitText.nextWeek : VisitText.nextDay}
        </Button>
      </Space.Compact>
      <Segmented<Mode>
        className="visit-calendar-mode"
        value={mode}
        onChange={setMode}
        options={[
          { value: 'week', label: VisitText.week },
          { value: 'day', label: VisitText.day },
        ]}
      />
      <DatePicker
        value={dayjs(anchor)}
        allowClear={false}
        format={DATE_FORMAT}
        onChange={(d) => d && setAnchor(d.format(DATE_FORMAT))}
        className="visit-calendar-date"
      />
      <Typography.Text strong className="visit-calendar-range">
        {range}
      </Typography.Text>
      <StoreSelect value={storeId} onChange={(v) => setStoreId(v || undefined)} placeholder={VisitText.allStores} style={{ width: 160 }} className="visit-calendar-store" />
      <DictSelect
        code="visit_status"
        value={status}
        onChange={(v) => setStatus((v as VisitStatus | undefined) || undefined)}
        placeholder={VisitText.allStatuses}
        style={{ width: 140 }}
        className="visit-calendar-status"
      />
      {calendar.data && <Typography.Text type="secondary">{VisitText.count(visits.length)}</Typography.Text>}
    </Space>
  );

  let body;
  if (!canList) body = <Empty description={VisitText.noAccess} />;
  else if (calendar.isLoading) body = <div style={{ height: 240 }} />;
  else if (visits.length === 0) body = <Empty className="visit-calendar-empty" description={mode === 'week' ? VisitText.emptyWeek : VisitText.emptyDay} />;
  else if (mode === 'week') body = <WeekGrid days={days} today={today} hours={hours} slots={slots} onOpen={onOpen} onOpenDay={openDay} />;
  else body = <DayList day={from} hours={hours} slots={slots} onOpen={onOpen} />;

  return (
    <div className="visit-calendar" data-mode={mode} data-from={from} data-to={to}>
      {toolbar}
      <Spin spinning={calendar.isFetching}>{body}</Spin>
    </div>
  );
}

interface GridProps {
  hours: number[];
  slots: Map<string, Reservation[]>;
  onOpen: (visit: Reservation) => void;
}

function WeekGrid({ days, today, hours, slots, onOpen, onOpenDay }: GridProps & { days: string[]; today: string; onOpenDay: (date: string) => void }) {
  const countOf = (date: string) => hours.reduce((n, h) => n + (slots.get(slotKey(date, h))?.length ?? 0), 0);
  const head: CSSProperties = { padding: '8px 4px', textAlign: 'center', borderBottom: BORDER, borderLeft: BORDER, cursor: 'pointer', position: 'sticky', top: 0, background: '#fff', zIndex: 1 };
  return (
    <div style={{ overflowX: 'auto' }}>
      <div
        className="visit-calendar-week"
        style={{ display: 'grid', gridTemplateColumns: `${HOUR_COLUMN}px repeat(7, minmax(128px, 1fr))`, border: BORDER, minWidth: HOUR_COLUMN + 7 * 128 }}
      >
        <div style={{ borderBottom: BORDER }} />
        {days.map((date, i) => (
          <div
            key={date}
            className="visit-calendar-dayhead"
            data-date={date}
            title={VisitText.day}
            onClick={() => onOpenDay(date)}
            style={{ ...head, ...(date === today ? { background: '#e6f4ff', color: '#1677ff' } : {}) }}
          >
            <div>{VisitText.weekdays[i]}</div>
            <div style={{ fontWeight: 600 }}>{date.slice(5)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {VisitText.count(countOf(date))}
            </Typography.Text>
          </div>
        ))}
        {hours.map((hour) => (
          <Fragment key={hour}>
            <div className="visit-calendar-hour" style={{ padding: '4px 6px', borderTop: BORDER, color: '#8c8c8c', fontSize: 12, textAlign: 'right' }}>
              {`${String(hour).padStart(2, '0')}:00`}
            </div>
            {days.map((date) => (
              <div
                key={date}
                className="visit-calendar-cell"
                data-date={date}
                data-hour={hour}
                style={{ minHeight: 44, padding: 3, borderTop: BORDER, borderLeft: BORDER, background: date === today ? '#fafcff' : undefined }}
              >
                {slots.get(slotKey(date, hour))?.map((v) => <VisitCard key={v.id} visit={v} onOpen={onOpen} />)}
              </div>
            ))}
          </Fragment>
        ))}
      </div>
    </div>
  );
}

function DayList({ day, hours, slots, onOpen }: GridProps & { day: string }) {
  return (
    <div className="visit-calendar-day" data-date={day} style={{ border: BORDER }}>
      {hours.map((hour) => {
        const visits = slots.get(slotKey(day, hour)) ?? [];
        return (
          <div key={hour} style={{ display: 'grid', gridTemplateColumns: `${HOUR_COLUMN}px 1fr`, borderTop: hour === hours[0] ? undefined : BORDER }}>
            <div className="visit-calendar-hour" style={{ padding: '8px 6px', color: '#8c8c8c', fontSize: 12, textAlign: 'right' }}>
              {`${String(hour).padStart(2, '0')}:00`}
            </div>
            <div
              className="visit-calendar-cell"
              data-date={day}
              data-hour={hour}
              style={{ minHeight: 40, padding: 4, borderLeft: BORDER, display: 'flex', flexWrap: 'wrap', gap: 6, alignContent: 'flex-start' }}
            >
              {visits.map((v) => (
                <VisitCard key={v.id} visit={v} onOpen={onOpen} full />
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** One visit: time, name, store (and, in the day view, phone, consultant and visitors), coloured by status. */
function VisitCard({ visit, onOpen, full = false }: { visit: Reservation; onOpen: (visit: Reservation) => void; full?: boolean }) {
  const colors = VISIT_STATUS_COLORS[visit.status];
  const ended = visit.status === 'cancelled' || visit.status === 'no_show';
  return (
    <div
      className="visit-card"
      data-id={visit.id}
      data-status={visit.status}
      role="button"
      tabIndex={0}
      onClick={() => onOpen(visit)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') onOpen(visit);
      }}
      style={{
        borderLeft: `3px solid ${colors.border}`,
        background: colors.background,
        borderRadius: 4,
        padding: '3px 6px',
        marginBottom: full ? 0 : 3,
        cursor: 'pointer',
        fontSize: 12,
        lineHeight: '18px',
        width: full ? 260 : undefined,
        opacity: ended ? 0.75 : 1,
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 4 }}>
        <span>
          <span className="visit-card-time">{visit.at?.slice(11, 16)}</span>{' '}
          <strong className="visit-card-name" style={{ textDecoration: visit.status === 'cancelled' ? 'line-through' : undefined }}>
            {visit.subjectName ?? visit.reservationNo}
          </strong>
        </span>
        <span className="visit-card-status" style={{ color: colors.border, whiteSpace: 'nowrap' }}>
          {visitStatusLabel(visit.status)}
        </span>
      </div>
      <div className="visit-card-store" style={{ color: '#595959' }}>
        {visit.storeName ?? '-'}
        {full && ` · ${visit.visitors}${VisitText.visitorsSuffix}`}
      </div>
      {full && (
        <div style={{ color: '#8c8c8c' }}>
          {visit.subjectPhone ?? ''}
          {visit.ownerName ? ` · ${VisitText.consultant}：${visit.ownerName}` : ''}
        </div>
      )}
    </div>
  );
}
