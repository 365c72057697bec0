/**
 * `npm run release`: release/platform-<version>.tgz, a tarball that runs with Node 20 alone:
 *  - the production build (npm run build) and the server's entries bundled to plain JavaScript
 *    (esbuild; no tsx at run time; scripts/deploy/releaseLayout.ts names them);
 *  - tenants/, themes/, templates/, which the server reads from CONFIG_ROOT;
 *  - the production dependencies, copied from node_modules as installed here (patch-package's
 *    patches included), with a package.json that names them.
 * Start it with `node dist/server.mjs` in the unpacked folder (the media and ingest workers:
 * dist/media-worker.mjs, dist/ingest-worker.mjs). deploy/Dockerfile puts it in the services' image.
 * `--skip-build` reuses an existing build/ (tests that just built it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { RELEASE_ENTRIES, RELEASE_FOLDERS } from './deploy/releaseLayout';

const root = resolve(import.meta.dirname, '..');

/** The version in the file name: the commit, marked when the tree has changes not committed. */
export function releaseVersion(cwd = root): string {
  const sha = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd, encoding: 'utf8' }).trim() !== '';
  return dirty ? `${sha}-dirty` : sha;
}

/** Top-level folders under node_modules of every production dependency (npm ls, nested ones travel with their parent). */
export function productionPackages(cwd = root): string[] {
  const out = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const modules = join(cwd, 'node_modules') + sep;
  const tops = new Set<string>();
  for (const line of out.split('\n')) {
    if (!line.startsWith(modules)) continue;
    const parts = relative(join(cwd, 'node_modules'), line).split(sep);
    const top = parts[0].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    if (top && top !== '.bin') tops.add(top);
  }
  return [...tops].sort();
}

export async function release({ skipBuild = false, log = console.log } = {}): Promise<string> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string>; imports: Record<string, string>; engines: Record<string, string> };
  const version = releaseVersion();
  const name = `platform-${version}`;
  const stage = join(root, 'release', name);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });

  if (!skipBuild) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  if (!existsSync(join(root, 'build', 'server', 'index.js'))) throw new Error('no production build in build/ (npm run build)');

  log('bundling the server entries…');
  await build({
    entryPoints: Object.values(RELEASE_ENTRIES).map((e) => ({ in: join(root, e.source), out: e.bundle.replace(/\.mjs$/, '') })),
    outdir: stage,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies stay in node_modules (native modules, files they read beside themselves).
    packages: 'external',
    tsconfig: join(root, 'tsconfig.json'),
    sourcemap: 'linked',
    logLevel: 'warning',
  });

  for (const folder of RELEASE_FOLDERS) cpSync(join(root, folder), join(stage, folder), { recursive: true });
  const packages = productionPackages();
  log(`copying ${packages.length} production packages…`);
  for (const p of packages) {
    const target = join(stage, 'node_modules', p);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(root, 'node_modules', p), target, { recursive: true, dereference: true });
  }
  writeFileSync(
    join(stage, 'package.json'),
    `${JSON.stringify({ name: pkg.name, version, private: true, type: 'module', engines: pkg.engines, dependencies: pkg.dependencies }, null, 2)}\n`,
  );

  const tarball = join(root, 'release', `${name}.tgz`);
  execFileSync('tar', ['-czf', tarball, '-C', join(root, 'release'), name]);
  rmSync(stage, { recursive: true, force: true });
  log(`release: ${relative(root, tarball)}`);
  return tarball;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  release({ skipBuild: process.argv.includes('--skip-build') }).catch((e: unknown) => {
    console.error(`release failed: ${(e as Error).message}`);
    process.exitCode = 1;
  });
}
