/**
 * The one CSV writer of the platform (issue 24): every CSV file it serves or mails is written here,
 * so no cell of it can run as a formula in a spreadsheet. A text cell that begins with `=`, `+`,
 * `-`, `@`, a tab, a carriage return or a line feed (what Excel, LibreOffice and Google Sheets read as
 * the start of a formula, such as a buyer named `=HYPERLINK(…)`) is written with a leading `'`,
 * which the spreadsheet shows as text. Amounts stay numbers: a cell the caller marks as a number
 * (`csvNumber`, `-5.00`) is written as it is when it is only digits, a sign and a point.
 * ESLint lets only this module import csv-stringify.
 */
import { stringify } from 'csv-stringify/sync';
import { NO_STORE } from './responses.server';

/** A cell the writer knows is a number: digits with an optional sign and decimal point, nothing else. */
export interface CsvNumber {
  readonly csvNumber: string;
}

/** Text (neutralised when it could start a formula), a number, or nothing (an empty cell). */
export type CsvCell = string | number | CsvNumber | null | undefined;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const STARTS_A_FORMULA = /^[=+\-@\t\r\n]/;

/** A decimal amount (`decimalOf(money)`: `-5.00`, `12.50`) written as the number it is. */
export const csvNumber = (value: string | number): CsvNumber => ({ csvNumber: String(value) });

const asText = (text: string) => (STARTS_A_FORMULA.test(text) ? `'${text}` : text);

/**
 * What one cell becomes in the file, before CSV quoting. A number that is not plain digits
 * (`1e+21`, `NaN`, a marked cell with anything else in it) is written as text, neutralised like any text.
 */
export function csvCellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return asText(cell);
  const number = typeof cell === 'number' ? String(cell) : cell.csvNumber;
  return PLAIN_NUMBER.test(number) ? number : asText(number);
}

/** A CSV file: a header row of `columns`, then one row per entry of `rows` (quoted where CSV needs it). */
export function csvText(columns: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return stringify(
    rows.map((row) => row.map(csvCellText)),
    { header: true, columns: columns.map(csvCellText) },
  );
}

/** A CSV file as a download (`attachment; filename=…`), never cached. */
export function csvDownload(fileName: string, columns: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): Response {
  return new Response(csvText(columns, rows), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`, ...NO_STORE },
  });
}
