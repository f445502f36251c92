import type { ColumnType, Generated } from 'kysely';
import type { Audited } from './schema-audited.js';

// Kysely types of the AI log (migration 0029, module ai-log; docs/reports.md "AI log").

type InstantOrNull = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One AI-assisted action (append-only). */
export interface AiLogTable {
  id: Generated<string>;
  company_id: string;
  kind: 'nurse_match' | 'follow_up_summary';
  input: ColumnType<unknown, string, string>;
  output: Generated<string>;
  model: string;
  operator_id: string | null;
  linked_type: 'order' | 'lead' | 'customer' | null;
  linked_id: string | null;
  status: 'ok' | 'fallback' | 'error';
  error: string | null;
  duration_ms: Generated<number>;
  created_at: Generated<Date>;
}

/** A link that shows its company's log without a session (token SHA-256 only). */
export interface AiLogLinkTable extends Audited {
  id: Generated<string>;
  company_id: string;
  token_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: InstantOrNull;
  revoked_by: string | null;
  last_used_at: InstantOrNull;
}

export interface AiTables {
  ai_log: AiLogTable;
  ai_log_link: AiLogLinkTable;
}
