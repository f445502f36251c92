import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';

/**
 * ExcelJS, loaded at the first import or export rather than at start-up: importing it costs ~0.5 s of
 * CPU (more on a busy machine), which every server start paid although most never touch a workbook.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

export interface ExcelColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | boolean | null;
}

export interface ExcelSheet<T> {
  name: string;
  columns: ExcelColumn<T>[];
  /** Async rows are written as they come (a report's totals row while its query still runs). */
  rows: Iterable<T> | AsyncIterable<T>;
}

/**
 * Text that a spreadsheet would read as a formula (=, +, -, @, and tab/CR tricks) is prefixed with
 * an apostrophe, so a customer named `=cmd|' /C calc'!A0` exports as that text (SECURITY.md).
 */
export function escapeCell(value: string | number | boolean | null): string | number | boolean | null {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

// Every data cell shares this style object: ExcelJS recognises a style by identity, and a fresh
// object per cell made it serialise and compare each cell's style (most of a 10,000-row export).
const PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

/**
 * A workbook of one or more sheets, each with a bold header row, every text cell escaped. Written
 * by ExcelJS's streaming writer (rows serialised once, zipped by node's zlib) into one buffer.
 */
export async function toXlsxBook<T>(sheets: ExcelSheet<T>[]): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const { stream: excelStream } = await loadExcelJs();
  const book = new excelStream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.name);
    sheet.columns = s.columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
    sheet.getRow(1).font = { bold: true };
    for await (const row of s.rows) {
      const added = sheet.addRow(s.columns.map((c) => escapeCell(c.value(row))));
      added.eachCell((cell) => {
        cell.style = PLAIN_STYLE;
      });
      added.commit();
    }
    sheet.commit();
  }
  await book.commit();
  return Buffer.concat(chunks);
}

/** One sheet with a bold header row; every text cell escaped. */
export function toXlsx<T>(sheetName: string, columns: ExcelColumn<T>[], rows: T[]): Promise<Buffer> {
  return toXlsxBook([{ name: sheetName, columns, rows }]);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
