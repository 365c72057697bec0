import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountLinkRefreshData } from '#server/commerce/payments/payoutsScreen.server';

export const loader = (args: LoaderFunctionArgs) => accountLinkRefreshData(args);
