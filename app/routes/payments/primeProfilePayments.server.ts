import type { LoaderFunctionArgs } from '@remix-run/node';
import { paymentsScreenData } from '#server/commerce/payments/payoutsScreen.server';

export const loader = (args: LoaderFunctionArgs) => paymentsScreenData(args);
