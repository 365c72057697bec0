import type { LoaderFunctionArgs } from '@remix-run/node';
import { pollsExportLoader } from '#server/polls/index.server';

export const loader = (args: LoaderFunctionArgs) => pollsExportLoader(args);
