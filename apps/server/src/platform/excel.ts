import ExcelJS from 'exceljs';

export interface ExcelColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | boolean | null;
}

/**
 * Text that a spreadsheet would read as a formula (=, +, -, @, and tab/CR tricks) is prefixed with
 * an apostrophe, so a customer named `=cmd|' /C calc'!A0` exports as that text (SECURITY.md).
 */
export function escapeCell(value: string | number | boolean | null): string | number | boolean | null {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One sheet with a bold header row; every text cell escaped. */
export async function toXlsx<T>(sheetName: string, columns: ExcelColumn<T>[], rows: T[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => escapeCell(c.value(row))));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
