// Kysely types of the daily facts behind reports, BI and screens (migration 0027, module report-facts).
/** Filled by migration 0027_report_facts: see docs/reports.md "Facts". */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ReportTables {}
