/**
 * Documents (PDF): the page count (pdfinfo) and one webp image per page for the slide viewer
 * (pdftoppm renders, sharp encodes), rendered a few pages at a time so progress moves and the
 * work folder stays small.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DerivedFile } from '#app/lib/media/model';
import { ProcessingError } from '#server/platform/media/failures.server';
import type { Processor } from './processor.server';
import { PDFINFO, PDFTOPPM, run, ToolError } from '#server/platform/media/tools.server';

/** Longest side of a page image: sharp enough for a full-screen slide. */
export const PAGE_SIDE = 1600;
/** Pages rendered as images (the page count is always the real one). */
export const MAX_PAGE_IMAGES = 500;
const BATCH = 5;

export const pageKey = (page: number) => `derived/pages/${String(page).padStart(3, '0')}.webp`;

export async function pdfPageCount(path: string): Promise<number> {
  try {
    const { stdout } = await run(PDFINFO, [path]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? NaN);
    if (!Number.isInteger(pages)) throw new ProcessingError('document_unreadable', 'pdfinfo gave no page count');
    return pages;
  } catch (e) {
    if (e instanceof ToolError) {
      throw new ProcessingError(/password/i.test(e.stderr) ? 'document_protected' : 'document_unreadable', e.message);
    }
    throw e;
  }
}

export const processDocument: Processor = async ({ originalPath, workDir, store, progress }) => {
  const pageCount = await pdfPageCount(originalPath);
  if (pageCount < 1) throw new ProcessingError('document_empty', 'no pages');
  const rendered = Math.min(pageCount, MAX_PAGE_IMAGES);
  const pages: DerivedFile[] = [];
  for (let first = 1; first <= rendered; first += BATCH) {
    const last = Math.min(rendered, first + BATCH - 1);
    const prefix = join(workDir, 'page');
    try {
      await run(PDFTOPPM, ['-png', '-scale-to', String(PAGE_SIDE), '-f', String(first), '-l', String(last), originalPath, prefix]);
    } catch (e) {
      if (e instanceof ToolError && e.signal === null) throw new ProcessingError('document_unreadable', e.message);
      throw e;
    }
    // pdftoppm pads the page number to the width of the page count: page-1.png or page-01.png.
    const files = (await readdir(workDir)).filter((name) => /^page-\d+\.png$/.test(name));
    const byPage = new Map(files.map((name) => [Number(/(\d+)\.png$/.exec(name)![1]), name]));
    for (let page = first; page <= last; page++) {
      const name = byPage.get(page);
      if (!name) throw new ProcessingError('document_unreadable', `page ${page} did not render`);
      const png = join(workDir, name);
      const webp = join(workDir, `page-${page}.webp`);
      const info = await sharp(png).webp({ quality: 85 }).toFile(webp);
      pages.push(await store(pageKey(page), webp, 'image/webp', { width: info.width, height: info.height }));
      await Promise.all([rm(png), rm(webp)]);
    }
    progress(last / rendered);
  }
  return { derived: { pageCount, pages } };
};
