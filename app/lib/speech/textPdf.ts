/**
 * Plain text as a PDF (pdf-lib): how a dictation is saved in the library, whose documents are PDFs
 * (ACCEPTED_TYPES). A4 pages, Helvetica, the title on top, lines wrapped at the margin, paragraphs
 * kept. Helvetica covers Western European text (WinAnsi); a character outside it becomes "?".
 */
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const SIZE = 12;
const LEADING = 16;

/** The text with every character the font cannot encode replaced. */
function encodable(font: PDFFont, text: string): string {
  const charset = new Set(font.getCharacterSet());
  return Array.from(text, (ch) => (ch === '\n' || charset.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

function wrap(font: PDFFont, paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, SIZE) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  return lines;
}

export async function textToPdf(title: string, text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  for (const line of wrap(bold, encodable(bold, title), width)) {
    page.drawText(line, { x: MARGIN, y: y - 16, size: 16, font: bold });
    y -= 22;
  }
  y -= 10;
  for (const paragraph of encodable(font, text).split(/\n/)) {
    for (const line of wrap(font, paragraph, width)) {
      if (y - LEADING < MARGIN) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y: y - SIZE, size: SIZE, font });
      y -= LEADING;
    }
  }
  return doc.save();
}
