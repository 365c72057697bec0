import type { LoaderFunctionArgs } from '@remix-run/node';
import { methodNotAllowed } from '#server/commerce/payments/paymentsApi.server';
import { ledgerCsvDownload } from '#server/commerce/payments/payoutsScreen.server';

/** GET /api/payments/ledger?kind=<ledger>: the organizer's ledger as CSV (the export links of /primeProfilePayments). */
export const loader = (args: LoaderFunctionArgs) => ledgerCsvDownload(args);
export const action = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
