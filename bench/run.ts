// `npm run bench`: every benchmark, each printing its figures. Exit code 1 when a target is missed.
import { benchAuth } from './auth';
import { benchSsr } from './ssr';

const suites: Record<string, () => Promise<boolean>> = { ssr: benchSsr, auth: benchAuth };
const only = process.argv.slice(2);
let ok = true;
for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  ok = (await run()) && ok;
}
process.exit(ok ? 0 : 1);
