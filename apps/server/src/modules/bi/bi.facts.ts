// TEMPORARY stand-in with the signatures of docs/reports.md until report-facts.service.ts lands.
import type { Kysely } from 'kysely';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
type Db = Kysely<DB>;
interface FactScope { companyId: string; storeIds: readonly string[] | null; from: string; to: string }
type Dims = { day?: string; month?: string; storeId?: string; storeName?: string };
const todo = (): never => { throw new Error('report-facts not there yet'); };
export declare function orderFacts(db: Db, scope: FactScope, groupBy: ('day' | 'month' | 'store' | 'consultant' | 'channel' | 'leadChannel' | 'product' | 'productKind' | 'roomType')[]): Promise<(Dims & { leadChannelId?: string | null; leadChannelName?: string | null; productId?: string; productName?: string; productKind?: string; roomTypeId?: string; roomTypeName?: string; orders: number; dealTotal: string; referenceTotal: string; discountTotal: string; cancelled: number })[]>;
export declare function paymentFacts(db: Db, scope: FactScope, groupBy: ('day' | 'month' | 'store' | 'method' | 'item')[]): Promise<(Dims & { method?: string; item?: string; received: string; refunded: string; net: string; payments: number })[]>;
export declare function receivableAging(db: Db, s: { companyId: string; storeIds: readonly string[] | null; asOf: string }, groupBy: ('store' | 'item')[]): Promise<{ storeId?: string; item?: string; outstanding: string; notDue: string; d0to30: string; d31to60: string; d61to90: string; over90: string }[]>;
export declare function roomNightFacts(db: Db, scope: FactScope, groupBy: ('day' | 'month' | 'store' | 'roomType')[]): Promise<(Dims & { roomTypeId?: string; roomTypeName?: string; occupied: number; sellable: number })[]>;
export declare function funnelFacts(db: Db, scope: FactScope, groupBy: ('day' | 'month' | 'store' | 'leadChannel')[]): Promise<(Dims & { leadChannelId?: string | null; leadChannelName?: string | null; leads: number; visits: number; orders: number; checkIns: number })[]>;
export declare function analyticsStoreIds(db: Db, session: SessionInfo, permission: string): Promise<string[] | null>;
void todo;
