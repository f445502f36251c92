// Kysely types of the AI log (migration 0029, module ai-log).
/** Filled by migration 0029_ai_log: see docs/reports.md "AI log". */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AiTables {}
