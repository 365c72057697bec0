/**
 * The index of `npm run screens`: test-results/screens/index.html (every screen, its four widths
 * side by side, who it was taken as and where it landed) and index.json. `--clean` empties the
 * folder before a run. Exits 1 when a screen of the route table is missing a picture.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '#app/route-table.js';
import { VISUAL_TENANTS } from './sample';
import { routeFileName, screenFile, SCREENS_DIR, SCREEN_WIDTHS, type ScreenRecord } from './screens-files';

if (process.argv.includes('--clean')) {
  rmSync(SCREENS_DIR, { recursive: true, force: true });
  process.exit(0);
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const records: ScreenRecord[] = [];
const missing: string[] = [];
for (const tenant of VISUAL_TENANTS) {
  for (const route of ROUTES) {
    const meta = screenFile(tenant, 'meta', route.path).replace(/\.png$/, '.json');
    const pictures = SCREEN_WIDTHS.filter((w) => existsSync(screenFile(tenant, w, route.path)));
    const record = existsSync(meta) ? (JSON.parse(readFileSync(meta, 'utf8')) as ScreenRecord) : null;
    if (!record || (!record.download && pictures.length < SCREEN_WIDTHS.length)) {
      missing.push(`${tenant} ${route.path}`);
      continue;
    }
    records.push(record);
  }
}

/** The widths at which the page scrolls sideways, e.g. " (wider than the window at 390 px by 12 px)". */
const sideways = (r: ScreenRecord) => {
  const over = Object.entries(r.overflow ?? {}).filter(([, px]) => px > 0);
  return over.length ? ` (wider than the window at ${over.map(([w, px]) => `${w} px by ${px} px`).join(', ')})` : '';
};
const overflowing = records.filter((r) => sideways(r));

const rows = records.map((r) => {
  const cells = SCREEN_WIDTHS.map((w) => {
    if (r.download) return '<td>a file to download</td>';
    const src = `${r.tenant}/${w}/${routeFileName(r.route)}.png`;
    return `<td><a href="${src}"><img src="${src}" width="${Math.round(w / 6)}" loading="lazy" alt="${escape(`${r.tenant} ${r.route} at ${w}px`)}"></a></td>`;
  });
  const note = `${r.status}${r.landed.split('?')[0] !== r.route ? ` → ${escape(r.landed)}` : ''}${r.settled ? '' : ' (did not settle)'}${sideways(r)}`;
  return `<tr><th>${escape(r.tenant)}</th><th>${escape(r.url)}</th><td>${r.as}</td><td>${note}</td>${cells.join('')}</tr>`;
});
const html = `<!doctype html><meta charset="utf-8"><title>Screens</title>
<style>body{font:14px system-ui;margin:1rem}td,th{border-bottom:1px solid #ddd;padding:4px;vertical-align:top;text-align:left}img{border:1px solid #ccc}</style>
<h1>Every screen × tenant × width (${SCREEN_WIDTHS.join(', ')} px)</h1>
<p>${records.length} screens taken${missing.length ? `, ${missing.length} missing: ${escape(missing.join(', '))}` : ''}.</p>
<table><tr><th>Tenant</th><th>Screen</th><th>As</th><th>Answer</th>${SCREEN_WIDTHS.map((w) => `<th>${w} px</th>`).join('')}</tr>${rows.join('\n')}</table>`;
mkdirSync(SCREENS_DIR, { recursive: true });
writeFileSync(join(SCREENS_DIR, 'index.html'), html);
writeFileSync(join(SCREENS_DIR, 'index.json'), JSON.stringify({ widths: SCREEN_WIDTHS, screens: records, missing }, null, 2));
const pngs = VISUAL_TENANTS.flatMap((t) => SCREEN_WIDTHS.flatMap((w) => (existsSync(join(SCREENS_DIR, t, String(w))) ? readdirSync(join(SCREENS_DIR, t, String(w))) : [])));
const named = missing.length > 10 ? `${missing.slice(0, 10).join(', ')} and ${missing.length - 10} more` : missing.join(', ');
console.log(`${pngs.length} pictures of ${records.length} screens in ${SCREENS_DIR}/ (index.html)${missing.length ? `; ${missing.length} missing: ${named}` : ''}`);
console.log(overflowing.length ? `${overflowing.length} screens scroll sideways:\n${overflowing.map((r) => `  ${r.tenant} ${r.url}${sideways(r)}`).join('\n')}` : 'No screen scrolls sideways at any width.');
process.exit(missing.length ? 1 : 0);
