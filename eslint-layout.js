// The project's layout rules (README, Layout), checked by ESLint so they cannot drift:
// - a route's loader and action live in <route>.server.ts beside the route module, which imports
//   server code only through that file; app/ holds no other server module;
// - browser-reachable code in app/ never imports server/; server/ never imports route modules and
//   takes only types from components (shared values live in app/lib);
// - the product (app/, server/) never imports local/ (the local stack, the test payment provider):
//   tooling starts and configures the product, never the reverse; tests beside the code may;
// - an import that leaves its top-level folder goes through #app/, #server/, #local/, #scripts/ or
//   #tests/ (no ~/);
// - server/platform/ (adapters to outside systems) imports no feature and not the composition root
//   or the services it builds;
// - a feature (server/<feature>/) reaches another feature only through its public surface,
//   #server/<feature>/index.server (docs/ARCHITECTURE.md, Features; docs/decisions/0072).
// - a data module (server/<feature>/data/) imports only the platform, app/lib and its own
//   feature's data/ folder: server/data/tenantData.server.ts binds them all (docs/decisions/0071).
import { existsSync } from 'node:fs';
import { basename, join, posix, relative, sep } from 'node:path';
import { FEATURES } from './scripts/features.mjs';

const SERVER_FILE = /\.server(\.[cm]?[jt]sx?)?$/;
const TEST_FILE = /\.test\.[jt]sx?$/;
const FOLDERS = new Set(['app', 'server', 'local', 'tests', 'scripts', 'bench', 'tenants', 'themes']);
const PRODUCT = new Set(['app', 'server']);

const FEATURE_SET = new Set(FEATURES);

/** The server/ path an import names (#server/… or relative), else null. */
function serverTarget(file, spec) {
  if (spec.startsWith('#server/')) return `server/${spec.slice('#server/'.length)}`;
  if (spec.startsWith('.')) {
    const target = posix.normalize(posix.join(posix.dirname(file), spec));
    return target.startsWith('server/') ? target : null;
  }
  return null;
}

/** The feature a server/ path belongs to, 'platform' for the platform folder, else ''. */
function areaOf(path) {
  const [top, area, ...rest] = path.split('/');
  if (top !== 'server' || rest.length === 0) return '';
  return area === 'platform' || FEATURE_SET.has(area) ? area : '';
}

/** A feature's data folder (server/<feature>/data/) when `path` is in one, else null. */
function dataFolderOf(path) {
  const [top, area, folder] = path.split('/');
  return top === 'server' && FEATURE_SET.has(area) && folder === 'data' ? `server/${area}/data/` : null;
}

const isSurface = (path, feature) => /^index\.server(\.ts)?$/.test(path.slice(`server/${feature}/`.length));

const topFolder = (path) => (path.includes('/') && FOLDERS.has(path.split('/')[0]) ? path.split('/')[0] : '');
const withoutExtension = (path) => path.replace(/\.[cm]?[jt]sx?$/, '');

/** A route module (app/root.tsx, app/routes/**) or its server half: the name both share, else null. */
function routeName(file) {
  if (file === 'app/root.tsx' || file === 'app/root.server.ts') return 'root';
  if (!file.startsWith('app/routes/') || TEST_FILE.test(file)) return null;
  return basename(withoutExtension(file)).replace(/\.server$/, '');
}

/** app/root.server.ts, or app/routes/**\/<name>.server.ts beside its route module <name>.tsx|ts. */
function isRouteServer(file, root) {
  if (file === 'app/root.server.ts') return true;
  if (!file.startsWith('app/routes/') || !/\.server\.ts$/.test(file)) return false;
  const stem = join(root, file.replace(/\.server\.ts$/, ''));
  return existsSync(`${stem}.tsx`) || existsSync(`${stem}.ts`);
}

const layoutImports = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename).split(sep).join('/');
    const top = topFolder(file);
    const isTest = TEST_FILE.test(file);
    const inApp = top === 'app';
    const serverSide = inApp && (isRouteServer(file, root) || file === 'app/entry.server.tsx');

    function check(node, spec, typeOnly) {
      if (typeof spec !== 'string') return;
      const report = (message) => context.report({ node, message });
      if (spec.startsWith('~/')) return report(`Import '${spec}' as '#app/${spec.slice(2)}' (one alias scheme).`);
      const isRelative = spec.startsWith('.');
      const target = isRelative ? topFolder(posix.normalize(posix.join(posix.dirname(file), spec))) : '';
      if (PRODUCT.has(top) && !isTest && (spec.startsWith('#local/') || (isRelative && target === 'local'))) {
        return report(`The product (app/, server/) never imports local/ ('${spec}'): the local stack starts the product and passes what it needs through configuration.`);
      }
      if (isRelative && top && target !== top) {
        return report(`'${spec}' leaves ${top}/: import it through #app/, #server/, #local/, #scripts/ or #tests/.`);
      }
      if (isTest) return;
      if (inApp && !serverSide) {
        if (spec.startsWith('#server/')) {
          return report(`Browser-reachable code in app/ may not import '${spec}': a route reaches server code through its <route>.server.ts; app/lib imports nothing from server/.`);
        }
        const own = routeName(file);
        if (SERVER_FILE.test(spec) && !(own && spec === `./${own}.server`)) {
          return report(`'${spec}': a route module imports server code only from its own ./<route>.server.ts; other modules in app/ none.`);
        }
      }
      if (serverSide && spec.startsWith('.') && SERVER_FILE.test(spec)) {
        return report(`'${spec}': route server modules share code through server/, not through another route's .server.ts.`);
      }
      if (top === 'server') {
        const target = serverTarget(file, spec);
        const from = areaOf(file);
        const to = target ? areaOf(target) : '';
        if (from === 'platform' && (FEATURE_SET.has(to) || /^server\/((compose\.server|services)(\.ts)?$|data\/)/.test(target ?? ''))) {
          return report(`Platform code imports no feature ('${spec}'): an adapter to an outside system takes what it needs as arguments or types of its own.`);
        }
        const ownData = dataFolderOf(file);
        if (ownData && target && (FEATURE_SET.has(to) || /^server\/((compose\.server|services|context)(\.ts)?$|data\/)/.test(target)) && !target.startsWith(ownData)) {
          return report(`A data module imports only the platform, app/lib and its own feature's data/ folder ('${spec}'): server/data/tenantData.server.ts binds every data module and nearly every feature reads it, so a data module reaching a feature closes an import circle.`);
        }
        if (FEATURE_SET.has(from) && FEATURE_SET.has(to) && from !== to && !isSurface(target, to)) {
          return report(`'${spec}' reaches inside the ${to} feature: import it from '#server/${to}/index.server', the feature's public surface.`);
        }
        if (/^#app\/(routes\/|root(\.|$)|entry\.)/.test(spec)) return report(`Server code never imports route modules or entries ('${spec}').`);
        if (spec.startsWith('#app/components/') && !typeOnly) {
          return report(`Server code takes only types from components ('${spec}'); a value both sides need lives in app/lib.`);
        }
      }
    }

    const typeOnlyImport = (node) =>
      node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
    return {
      Program(node) {
        if (inApp && !isTest && SERVER_FILE.test(withoutExtension(file)) && !serverSide) {
          context.report({ node, message: 'Server-only modules live in server/; app/ holds only each route\'s <route>.server.ts beside its route module.' });
        }
      },
      ImportDeclaration: (node) => check(node, node.source.value, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
      CallExpression(node) {
        const callee = context.sourceCode.getText(node.callee);
        const [first] = node.arguments;
        if (['vi.mock', 'vi.importActual', 'require'].includes(callee) && first?.type === 'Literal') check(node, first.value, false);
      },
    };
  },
};

export default { rules: { imports: layoutImports } };
