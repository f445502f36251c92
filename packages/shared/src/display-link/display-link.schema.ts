import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

/** The three big screens: 1 经营驾驶舱 · 2 房态大屏 · 3 护理与月嫂. */
export const DISPLAY_SCREENS = [1, 2, 3] as const;
export type DisplayScreen = (typeof DISPLAY_SCREENS)[number];
export const DISPLAY_SCREEN_LABELS: Record<DisplayScreen, string> = { 1: '经营驾驶舱', 2: '房态大屏', 3: '护理与月嫂' };

/** The public page of a screen (web route `/bigscreen/:screen`, `bigscreen1..3`). */
export const displayScreenPagePath = (screen: DisplayScreen): string => `/bigscreen/bigscreen${screen}`;
/** The header every data call of a screen carries the link's token in (never an API URL). */
export const DISPLAY_LINK_TOKEN_HEADER = 'X-Display-Token';
/** A token: 32 random bytes, base64url without padding. */
export const DISPLAY_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const DISPLAY_LINK_DAYS = { min: 1, max: 365, default: 30 } as const;
export const DISPLAY_LINK_NOTE_MAX = 100;
/** The screens' live-refresh socket (public; opened with a single-use ticket, see docs/reports.md). */
export const DISPLAY_WS_PATH = '/online/displayLink/screen/ws';
export const DISPLAY_TICKET_TTL_SECONDS = 30;

export const DisplayLinkText = {
  invalid: '链接无效或已过期',
  daysRange: `有效天数须为${DISPLAY_LINK_DAYS.min}到${DISPLAY_LINK_DAYS.max}天`,
  pickScreen: '请选择大屏',
  noteTooLong: `备注不能超过${DISPLAY_LINK_NOTE_MAX}个字`,
  added: '大屏链接已生成',
  revoked: '大屏链接已撤销',
  alreadyRevoked: '该链接已撤销',
} as const;

export const displayScreenSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], { message: DisplayLinkText.pickScreen });

export const DISPLAY_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export type DisplayLinkState = (typeof DISPLAY_LINK_STATES)[number];
export const DISPLAY_LINK_STATE_LABELS: Record<DisplayLinkState, string> = { active: '有效', expired: '已过期', revoked: '已撤销' };

/** A link as 大屏链接 lists it; the token itself is never stored, so never answered. */
export const displayLinkSchema = z.object({
  id: z.string(),
  screen: displayScreenSchema,
  note: z.string(),
  state: z.enum(DISPLAY_LINK_STATES),
  createdAt: z.string(),
  createdByName: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedByName: z.string(),
  version: z.number().int(),
});
export type DisplayLink = z.infer<typeof displayLinkSchema>;

export const displayLinkListQuerySchema = pageQuerySchema.extend({
  screen: z.coerce.number().pipe(displayScreenSchema).optional(),
  state: z.enum(DISPLAY_LINK_STATES).optional(),
});
export type DisplayLinkListQuery = z.input<typeof displayLinkListQuerySchema>;
export type DisplayLinkListFilters = z.output<typeof displayLinkListQuerySchema>;
export const displayLinkPageSchema = pageResultSchema(displayLinkSchema);

export const displayLinkAddSchema = z.object({
  screen: displayScreenSchema,
  days: z
    .number({ message: DisplayLinkText.daysRange })
    .int({ message: DisplayLinkText.daysRange })
    .min(DISPLAY_LINK_DAYS.min, { message: DisplayLinkText.daysRange })
    .max(DISPLAY_LINK_DAYS.max, { message: DisplayLinkText.daysRange })
    .default(DISPLAY_LINK_DAYS.default),
  note: z.string().trim().max(DISPLAY_LINK_NOTE_MAX, { message: DisplayLinkText.noteTooLong }).default(''),
});
export type DisplayLinkAdd = z.input<typeof displayLinkAddSchema>;

/** The new link and, this once, its full address (`/app/bigscreen/bigscreenN?token=…`). */
export const displayLinkIssuedSchema = z.object({ link: displayLinkSchema, url: z.string() });
export type DisplayLinkIssued = z.infer<typeof displayLinkIssuedSchema>;

export const displayLinkRevokeSchema = z.object({ id: z.uuid({ message: '缺少ID' }), version: z.number().int() });

/** The address handed out: relative to the site (the page prefixes the browser's origin). */
export function displayLinkUrl(screen: DisplayScreen, token: string): string {
  return `/app${displayScreenPagePath(screen)}?${new URLSearchParams({ token })}`;
}

// ---- the screens' data (public, one call a screen) ----

const countSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });

/** 1 经营驾驶舱: money in yuan strings (two decimals), company-wide, Asia/Shanghai days. */
export const businessScreenSchema = z.object({
  companyName: z.string(),
  today: z.string(),
  todayDeal: z.string(),
  todayOrders: z.number().int(),
  todayReceived: z.string(),
  monthDeal: z.string(),
  monthOrders: z.number().int(),
  monthReceived: z.string(),
  /** The 14 days ending today, oldest first: 成交额 (orders) and 净收款 (payments). */
  trend: z.array(z.object({ day: z.string(), deal: z.string(), received: z.string() })),
  /** Stores by this month's 成交额, highest first. */
  storeRanking: z.array(z.object({ storeId: z.string(), storeName: z.string(), deal: z.string(), orders: z.number().int() })),
  updatedAt: z.string(),
});
export type BusinessScreen = z.infer<typeof businessScreenSchema>;

/** 2 房态大屏. Names on a public screen are masked (张**). */
export const roomScreenSchema = z.object({
  companyName: z.string(),
  today: z.string(),
  roomTotal: z.number().int(),
  byStatus: z.array(countSchema),
  /** Tonight's occupied and sellable room-nights (report facts); occupancy = occupied ÷ sellable. */
  occupied: z.number().int(),
  sellable: z.number().int(),
  arrivals: z.array(z.object({ storeName: z.string(), roomNo: z.string(), customer: z.string(), status: z.string() })),
  departures: z.array(z.object({ storeName: z.string(), roomNo: z.string(), customer: z.string(), status: z.string() })),
  updatedAt: z.string(),
});
export type RoomScreen = z.infer<typeof roomScreenSchema>;

/** 3 护理与月嫂. */
export const careScreenSchema = z.object({
  companyName: z.string(),
  today: z.string(),
  nursesByStatus: z.array(countSchema),
  /** Assignments 服务中 today: the nurse and her family (masked), day n of the period. */
  onDuty: z.array(z.object({ nurseName: z.string(), level: z.string(), storeName: z.string(), customer: z.string(), dayNo: z.number().int(), days: z.number().int() })),
  servicesByStatus: z.array(countSchema),
  /** Today's services (not cancelled), by time. */
  services: z.array(z.object({ time: z.string(), item: z.string(), subject: z.string(), customer: z.string(), staff: z.string(), status: z.string(), statusLabel: z.string() })),
  updatedAt: z.string(),
});
export type CareScreen = z.infer<typeof careScreenSchema>;

export const displayTicketSchema = z.object({ ticket: z.string(), expiresIn: z.number().int(), wsPath: z.string() });
export type DisplayTicket = z.infer<typeof displayTicketSchema>;

/** What the socket sends: refresh (figures changed: fetch again) or invalid (the link ended). */
export const displayFrameSchema = z.object({ type: z.enum(['refresh', 'invalid']) });
export type DisplayFrame = z.infer<typeof displayFrameSchema>;

export const displaySocketQuerySchema = z.object({
  ticket: z.string().max(200),
  appId: z.string().optional(),
  nonce: z.string().optional(),
  siteId: z.string().optional(),
  sign: z.string().optional(),
});

/** Masks a person's name on a public screen: the first character, then one * per other character. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}
