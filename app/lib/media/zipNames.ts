/**
 * Names inside and of the photo zip (/downloadPhotos, docs/decisions/0028). Uploaders name files
 * as they like, so two photos may share a name, or a name may hold a path: each entry gets a
 * plain, unique name ("stage.jpg", "stage (2).jpg"), compared without case because Windows and
 * macOS unpack case-insensitively.
 */

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"|?*\\/]/g;

/** A file name with no path, control or reserved characters, at most 150 characters, never empty or dot-only. */
export function safeEntryName(fileName: string, fallback = 'photo'): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (!clean) return fallback;
  if (clean.length <= 150) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, 150 - ext.length) + ext;
}

/** One unique entry name per file name, in order: a repeated name gets " (2)", " (3)"… before its extension. */
export function uniqueEntryNames(fileNames: readonly string[]): string[] {
  const taken = new Set<string>();
  return fileNames.map((name) => {
    const safe = safeEntryName(name);
    const dot = safe.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let candidate = safe;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The zip's own name: the site's name and the day, e.g. "Aurora Live photos 2026-11-24.zip". */
export function photoZipName(siteName: string, label: string, now = new Date()): string {
  return safeEntryName(`${siteName.replace(/[\\/]/g, '_')} ${label} ${now.toISOString().slice(0, 10)}.zip`, `photos-${now.toISOString().slice(0, 10)}.zip`);
}
