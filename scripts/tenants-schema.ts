/**
 * Writes the JSON Schemas editors use for tenant and theme files (server/config/schemaFiles.ts):
 * tenants/tenant.schema.json and themes/theme.schema.json.
 *
 *   npm run tenants:schema [-- --root <dir>]
 *
 * `npm run tenants:check` fails when the committed files differ from what this would write.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeSchemaFiles } from '#server/config/schemaFiles';

function main(argv: string[]) {
  const i = argv.indexOf('--root');
  const rootDir = resolve(i >= 0 && argv[i + 1] ? argv[i + 1] : process.cwd());
  for (const path of writeSchemaFiles(rootDir)) console.log(`wrote ${path}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main(process.argv.slice(2));
