// No import circles in app/ and server/ (docs/decisions/0071): dependency-cruiser's no-circular
// rule over every import, type-only ones included, with the tsconfig paths (#app/, #server/,
// #tests/) resolved. `npm run lint` runs it after ESLint; it prints each circle and exits 1.
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export const CHECKED_FOLDERS = ['app', 'server'];

const RULES = { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] };

/**
 * Every import circle among the modules under `paths`, each as the list of files it passes through.
 * @param {string[]} paths folders or files to cruise
 * @param {{ baseDir?: string, tsConfigFile?: string }} [options] baseDir: where paths and the tsconfig are (default: the working directory)
 * @returns {Promise<string[][]>}
 */
export async function importCycles(paths, { baseDir = process.cwd(), tsConfigFile = 'tsconfig.json' } = {}) {
  const tsConfigPath = `${baseDir}/${tsConfigFile}`;
  const result = await cruise(
    paths,
    {
      baseDir,
      validate: true,
      ruleSet: RULES,
      // Type-only imports count: they tie modules together as much as any other.
      tsPreCompilationDeps: true,
      tsConfig: { fileName: tsConfigPath },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(^|/)(node_modules|build|\\.local)/' },
      enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    },
    { tsConfig: tsConfigPath },
    { tsConfig: extractTSConfig(tsConfigPath) },
  );
  const { violations } = result.output.summary;
  const seen = new Set();
  const cycles = [];
  for (const violation of violations) {
    if (violation.rule.name !== 'no-circular') continue;
    const files = [violation.from, ...(violation.cycle ?? []).map((step) => step.name)];
    // The same circle is reported once from each file on it: keep one.
    const key = [...new Set(files)].sort().join('\n');
    if (seen.has(key)) continue;
    seen.add(key);
    cycles.push(files);
  }
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const cycles = await importCycles(CHECKED_FOLDERS);
  for (const files of cycles) console.error(`import circle: ${files.join(' → ')}`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (cycles.length) {
    console.error(`${cycles.length} import circle(s) in ${CHECKED_FOLDERS.join('/, ')}/: break each at its root (move the shared piece into a module both import, or pass the dependency in). docs/decisions/0071`);
    process.exit(1);
  }
  console.log(`no import circles in ${CHECKED_FOLDERS.join('/, ')}/ (${seconds} s)`);
}
