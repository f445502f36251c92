import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function loadWorkbook(data: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  return book;
}

/** The first sheet's rows as text, empty cells as ''. */
export async function readXlsx(data: Buffer): Promise<string[][]> {
  const rows: string[][] = [];
  // Array.from: `values` is sparse where cells are empty.
  (await loadWorkbook(data)).worksheets[0]!.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

/** A one-sheet workbook: the header row, then `rows`. */
export async function writeXlsx(rows: unknown[][], headers: string[], sheetName = 'Sheet1'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * POSTs `filters` to an export route as `token`; a 200 must be a spreadsheet, and its first sheet's
 * rows come back as text (none for another status).
 */
export async function exportXlsx(t: TestApp, url: string, filters: Record<string, unknown>, token: string) {
  const res = await t.app.inject({ method: 'POST', url, payload: t.signed(filters, { token }), headers: { 'x-access-token': token } });
  if (res.statusCode !== 200) return { status: res.statusCode, rows: [] as string[][] };
  expect(res.headers['content-type']).toContain('spreadsheetml');
  return { status: 200, rows: await readXlsx(res.rawPayload) };
}
