/**
 * `npm run tenants:check [-- --root <dir>] [--root-domain <host>]`: prints every problem of the
 * tenant and theme configuration as `file: field: message` and exits 1, or prints a summary.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkConfig, formatProblem, summary } from '#server/config/check.server';

export { checkConfig, formatProblem, summary, TEMPLATE_VARIABLES } from '#server/config/check.server';

function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** The command: returns the exit code. */
export function main(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): number {
  const rootDir = resolve(argValue(argv, '--root') ?? process.cwd());
  const rootDomain = (argValue(argv, '--root-domain') ?? process.env.PLATFORM_ROOT_DOMAIN ?? 'events.localhost').toLowerCase();
  const { problems, registry } = checkConfig(rootDir, { rootDomain });
  if (problems.length || !registry) {
    for (const p of problems) err(formatProblem(p));
    err(`tenants:check failed: ${problems.length} problem(s) in ${rootDir}`);
    return 1;
  }
  for (const line of summary(registry, rootDomain)) out(line);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
