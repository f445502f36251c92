// Kysely types of the display links (migration 0028, module display-link).
/** Filled by migration 0028_display_links: see docs/reports.md "Big screens". */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DisplayTables {}
