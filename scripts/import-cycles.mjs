// No import circles in app/ and server/ (docs/decisions/0071), and no two feature folders of
// server/ importing each other (0072): dependency-cruiser's no-circular rule over every import,
// type-only ones included, with the tsconfig paths (#app/, #server/, #tests/) resolved. `npm run
// lint` runs it after ESLint; it prints each circle and each pair and exits 1.
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { FEATURES } from './features.mjs';

export const CHECKED_FOLDERS = ['app', 'server'];

const RULES = { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] };

/**
 * Every import circle among the modules under `paths`, each as the list of files it passes through.
 * @param {string[]} paths folders or files to cruise
 * @param {{ baseDir?: string, tsConfigFile?: string }} [options] baseDir: where paths and the tsconfig are (default: the working directory)
 * @returns {Promise<string[][]>}
 */
export async function importCycles(paths, options = {}) {
  return (await importReport(paths, options)).cycles;
}

/**
 * The feature folders (`<root>/<feature>/`) whose modules import each other's, both ways, as
 * sorted pairs. Tests are left out: a test may reach into the feature it drives.
 * @param {{ source: string, dependencies: { resolved: string }[] }[]} modules as dependency-cruiser lists them
 * @param {readonly string[]} features the feature folders' names
 * @param {string} [root]
 * @returns {[string, string][]}
 */
export function featuresImportingEachOther(modules, features, root = 'server') {
  const known = new Set(features);
  const featureOf = (path) => {
    const [top, name, ...rest] = path.split('/');
    return top === root && rest.length && known.has(name) ? name : null;
  };
  const edges = new Set();
  for (const module of modules) {
    const from = featureOf(module.source);
    if (!from || /\.test\.[cm]?[jt]sx?$/.test(module.source)) continue;
    for (const dependency of module.dependencies) {
      const to = featureOf(dependency.resolved);
      if (to && to !== from) edges.add(`${from} ${to}`);
    }
  }
  const pairs = [];
  for (const edge of edges) {
    const [a, b] = edge.split(' ');
    if (a < b && edges.has(`${b} ${a}`)) pairs.push([a, b]);
  }
  return pairs.sort();
}

/**
 * One look at the imports under `paths`: the circles among their modules, and the feature folders
 * of server/ that import each other.
 * @param {string[]} paths folders or files to cruise
 * @param {{ baseDir?: string, tsConfigFile?: string }} [options]
 * @returns {Promise<{ cycles: string[][], mutualFeatures: [string, string][] }>}
 */
export async function importReport(paths, { baseDir = process.cwd(), tsConfigFile = 'tsconfig.json' } = {}) {
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
  const mutualFeatures = featuresImportingEachOther(result.output.modules, FEATURES);
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
  return { cycles, mutualFeatures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const { cycles, mutualFeatures } = await importReport(CHECKED_FOLDERS);
  for (const files of cycles) console.error(`import circle: ${files.join(' → ')}`);
  for (const [a, b] of mutualFeatures) console.error(`features importing each other: server/${a}/ ↔ server/${b}/`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (cycles.length) {
    console.error(`${cycles.length} import circle(s) in ${CHECKED_FOLDERS.join('/, ')}/: break each at its root (move the shared piece into a module both import, or pass the dependency in). docs/decisions/0071`);
  }
  if (mutualFeatures.length) {
    console.error(`${mutualFeatures.length} pair(s) of features import each other: one of the two owns the shared piece, or it moves to a feature both use (server/entitlement/ is one). docs/decisions/0072`);
  }
  if (cycles.length || mutualFeatures.length) process.exit(1);
  console.log(`no import circles in ${CHECKED_FOLDERS.join('/, ')}/, and no two features of server/ importing each other (${seconds} s)`);
}
