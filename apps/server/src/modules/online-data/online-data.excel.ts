import type { AnyResource, FieldDef } from '@care/shared';
import { BizError } from '../../platform/errors.js';
import { loadExcelJs } from '../../platform/excel.js';
import { cellText, declaredUnzippedSize, withinRealSize } from '../lead/lead-import.excel.js';

export const OnlineImportText = {
  notXlsx: '请上传 .xlsx 格式的Excel文件',
  noFile: '请选择要导入的文件',
  tooBig: '文件不能超过2MB',
  noRows: '文件中没有数据',
  tooManyRows: (n: number) => `一次最多导入${ONLINE_IMPORT_MAX_ROWS}条，文件中有${n}条`,
  badHeader: (column: number, expected: string, actual: string) => `第${column}列表头应为「${expected}」，实际为「${actual}」，请使用导出的文件格式`,
} as const;

export const ONLINE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const ONLINE_IMPORT_MAX_ROWS = 5000;
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

/** The export's header row (also the columns an import expects, in this order). */
export function exportHeaders(resource: AnyResource): string[] {
  return resource.entries.filter(([, def]) => def.export).map(([, def]) => def.label);
}

// The export escaped text that a spreadsheet would take for a formula with an apostrophe: taken off again.
const unescape = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** A cell's text as the field's rule takes it; empty cells are left out (the field's default applies). */
function cellValue(def: FieldDef, text: string): unknown {
  if (text === '') return undefined;
  if (def.kind === 'bool') return text === '是' || text.toLowerCase() === 'true' ? true : text === '否' || text.toLowerCase() === 'false' ? false : text;
  if (def.kind === 'int') return /^-?\d+$/.test(text) ? Number(text) : text;
  return unescape(text);
}

/**
 * Reads the first sheet of an uploaded .xlsx with the export's header row: every data row as the
 * values of the form's fields (by key), with its Excel row number. Refuses (101) a file that is not an
 * .xlsx, too big (also once unpacked), with other headers, no rows or too many.
 */
export async function readOnlineSheet(resource: AnyResource, fileName: string, data: Buffer): Promise<{ row: number; values: Record<string, unknown> }[]> {
  if (data.length > ONLINE_IMPORT_MAX_BYTES) throw new BizError(OnlineImportText.tooBig);
  if (!/\.xlsx$/i.test(fileName) || data.length <= 22 || data.readUInt32LE(0) !== 0x04034b50) throw new BizError(OnlineImportText.notXlsx);
  const unzipped = declaredUnzippedSize(data);
  if (unzipped === null) throw new BizError(OnlineImportText.notXlsx);
  if (unzipped > MAX_UNZIPPED_BYTES || !withinRealSize(data, MAX_UNZIPPED_BYTES)) throw new BizError(OnlineImportText.tooBig);
  const book = new (await loadExcelJs()).Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new BizError(OnlineImportText.notXlsx);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new BizError(OnlineImportText.notXlsx);
  const exported = resource.entries.filter(([, def]) => def.export);
  const header = sheet.getRow(1);
  exported.forEach(([, def], i) => {
    const actual = cellText(header.getCell(i + 1).value).replace(/\s+/g, '');
    if (actual !== def.label.replace(/\s+/g, '')) throw new BizError(OnlineImportText.badHeader(i + 1, def.label, actual));
  });
  const rows: { row: number; values: Record<string, unknown> }[] = [];
  let count = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = exported.map((_, i) => cellText(row.getCell(i + 1).value));
    if (cells.every((c) => c === '')) return;
    count++;
    if (count > ONLINE_IMPORT_MAX_ROWS) return;
    const values: Record<string, unknown> = {};
    exported.forEach(([key, def], i) => {
      if (def.readOnly) return;
      const value = cellValue(def, cells[i]!);
      if (value !== undefined) values[key] = value;
    });
    rows.push({ row: rowNumber, values });
  });
  if (count > ONLINE_IMPORT_MAX_ROWS) throw new BizError(OnlineImportText.tooManyRows(count));
  if (rows.length === 0) throw new BizError(OnlineImportText.noRows);
  return rows;
}
