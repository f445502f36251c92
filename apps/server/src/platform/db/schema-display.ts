// Kysely types of the display links (migration 0028, module display-link).
import type { ColumnType, Generated } from 'kysely';
import type { Audited } from './schema-audited.js';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface DisplayLinkTable extends Audited {
  id: Generated<string>;
  company_id: string;
  /** 1 经营驾驶舱 · 2 房态大屏 · 3 护理与月嫂. */
  screen: number;
  token_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: NullableTime;
  revoked_by: string | null;
  note: ColumnType<string, string | undefined, string>;
  last_used_at: NullableTime;
}

export interface DisplayTables {
  display_link: DisplayLinkTable;
}
