import type { Kysely } from 'kysely';
import {
  addDays,
  centsToMoney,
  enumLabel,
  maskName,
  moneyToCents,
  type BusinessScreen,
  type CareScreen,
  type DictEnumCode,
  type DisplayScreen,
  type RoomScreen,
} from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDate } from '../../platform/time.js';
import { dictLabeler } from '../dict/index.js';
import { onDutyOn } from '../nurse-assignment/nurse-assignment.display-link-reads.js';
import { nurseCountsByStatus } from '../monthly-nurse/monthly-nurse.display-link-reads.js';
import { orderFacts, paymentFacts, roomNightFacts } from '../report-facts/report-facts.service.js';
import { roomCountsByStatus } from '../room/room.display-link-reads.js';
import { arrivalsOn, departuresOn } from '../room-stay/room-stay.display-link-reads.js';
import { serviceCountsOn, servicesOn } from '../service-order/service-order.display-link-reads.js';
import { companyName } from './display-link.repo.js';

// The figures of the three screens, company-wide (every store). Money and counts over the big tables
// come from report-facts (docs/reports.md); the small sets from the owning modules' reads.

export const TREND_DAYS = 14;
const RANKING_SIZE = 10;

function nowText(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Every value of an enum with its count (0 when none), in the enum's order. */
function countsOf(code: DictEnumCode, values: readonly string[], rows: { status: string; count: number }[]) {
  const by = new Map(rows.map((r) => [r.status, r.count]));
  return values.map((value) => ({ value, label: enumLabel(code, value), count: by.get(value) ?? 0 }));
}

export async function businessScreen(db: Kysely<DB>, companyId: string): Promise<BusinessScreen> {
  const today = shanghaiDate();
  const monthStart = `${today.slice(0, 8)}01`;
  const trendFrom = addDays(today, -(TREND_DAYS - 1));
  const from = monthStart < trendFrom ? monthStart : trendFrom;
  const scope = { companyId, storeIds: null, from, to: today };
  const [name, orders, payments, stores] = await Promise.all([
    companyName(db, companyId),
    orderFacts(db, scope, ['day']),
    paymentFacts(db, scope, ['day']),
    orderFacts(db, { ...scope, from: monthStart }, ['store']),
  ]);
  const deal = new Map<string, { cents: number; orders: number }>();
  for (const r of orders) deal.set(r.day!, { cents: moneyToCents(r.dealTotal), orders: r.orders });
  const received = new Map<string, number>();
  for (const r of payments) received.set(r.day!, moneyToCents(r.net));
  const sum = (days: (d: string) => boolean, pick: (d: string) => number) => [...new Set([...deal.keys(), ...received.keys()])].filter(days).reduce((s, d) => s + pick(d), 0);
  const inMonth = (d: string) => d >= monthStart && d <= today;
  const trend = Array.from({ length: TREND_DAYS }, (_, i) => {
    const day = addDays(trendFrom, i);
    return { day, deal: centsToMoney(deal.get(day)?.cents ?? 0), received: centsToMoney(received.get(day) ?? 0) };
  });
  const storeRanking = stores
    .map((r) => ({ storeId: r.storeId!, storeName: r.storeName ?? '', cents: moneyToCents(r.dealTotal), orders: r.orders }))
    .filter((r) => r.cents !== 0 || r.orders !== 0)
    .sort((a, b) => b.cents - a.cents || a.storeName.localeCompare(b.storeName))
    .slice(0, RANKING_SIZE)
    .map((r) => ({ storeId: r.storeId, storeName: r.storeName, deal: centsToMoney(r.cents), orders: r.orders }));
  return {
    companyName: name,
    today,
    todayDeal: centsToMoney(deal.get(today)?.cents ?? 0),
    todayOrders: deal.get(today)?.orders ?? 0,
    todayReceived: centsToMoney(received.get(today) ?? 0),
    monthDeal: centsToMoney(sum(inMonth, (d) => deal.get(d)?.cents ?? 0)),
    monthOrders: sum(inMonth, (d) => deal.get(d)?.orders ?? 0),
    monthReceived: centsToMoney(sum(inMonth, (d) => received.get(d) ?? 0)),
    trend,
    storeRanking,
    updatedAt: nowText(),
  };
}

const ROOM_STATUSES = ['free', 'reserved', 'occupied', 'checking_out', 'dirty', 'repair', 'disabled'] as const;
const STAY_STATUS_LABELS: Record<string, string> = { booked: '待入住', in_house: '在住', ended: '已退房' };

export async function roomScreen(db: Kysely<DB>, companyId: string): Promise<RoomScreen> {
  const today = shanghaiDate();
  const [name, counts, nights, arrivals, departures] = await Promise.all([
    companyName(db, companyId),
    roomCountsByStatus(db, companyId),
    roomNightFacts(db, { companyId, storeIds: null, from: today, to: today }, []),
    arrivalsOn(db, companyId, today),
    departuresOn(db, companyId, today),
  ]);
  const move = (m: { storeName: string; roomNo: string; customerName: string; status: string }) => ({
    storeName: m.storeName,
    roomNo: m.roomNo,
    customer: maskName(m.customerName),
    status: STAY_STATUS_LABELS[m.status] ?? m.status,
  });
  return {
    companyName: name,
    today,
    roomTotal: counts.reduce((s, r) => s + r.count, 0),
    byStatus: countsOf('room_status', ROOM_STATUSES, counts),
    occupied: nights.reduce((s, r) => s + r.occupied, 0),
    sellable: nights.reduce((s, r) => s + r.sellable, 0),
    arrivals: arrivals.map(move),
    departures: departures.map(move),
    updatedAt: nowText(),
  };
}

const NURSE_STATUSES = ['active', 'on_duty', 'resting'] as const;
const SERVICE_STATUSES = ['pending', 'dispatched', 'in_service', 'completed', 'cancelled'] as const;

export async function careScreen(db: Kysely<DB>, companyId: string): Promise<CareScreen> {
  const today = shanghaiDate();
  const [name, nurses, duty, serviceCounts, services, levelLabel, itemLabel] = await Promise.all([
    companyName(db, companyId),
    nurseCountsByStatus(db, companyId),
    onDutyOn(db, companyId, today),
    serviceCountsOn(db, companyId, today),
    servicesOn(db, companyId, today),
    dictLabeler(db, 'nurse_level'),
    dictLabeler(db, 'service_item'),
  ]);
  return {
    companyName: name,
    today,
    nursesByStatus: countsOf('nurse_status', NURSE_STATUSES, nurses),
    onDuty: duty.map((d) => {
      const start = d.actualStart ?? d.startDate;
      return {
        nurseName: d.nurseName,
        level: levelLabel(d.level),
        storeName: d.storeName,
        customer: maskName(d.customerName),
        dayNo: dayDiff(start, today) + 1,
        days: dayDiff(d.startDate, d.endDate),
      };
    }),
    servicesByStatus: countsOf('service_order_status', SERVICE_STATUSES, serviceCounts),
    services: services
      .filter((s) => s.status !== 'cancelled')
      .map((s) => ({
        time: new Date(new Date(s.scheduledAt).getTime() + 8 * 3_600_000).toISOString().slice(11, 16),
        item: itemLabel(s.item),
        subject: s.subject === 'baby' ? '宝宝' : '妈妈',
        customer: maskName(s.customerName),
        staff: s.nurseName ?? s.executorName ?? '',
        status: s.status,
        statusLabel: enumLabel('service_order_status', s.status),
      })),
    updatedAt: nowText(),
  };
}

function dayDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The figures of one screen. */
export function screenFigures(db: Kysely<DB>, companyId: string, screen: DisplayScreen): Promise<BusinessScreen | RoomScreen | CareScreen> {
  if (screen === 1) return businessScreen(db, companyId);
  if (screen === 2) return roomScreen(db, companyId);
  return careScreen(db, companyId);
}
