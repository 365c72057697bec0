import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountLinkReturnData } from '#server/commerce/payments/payoutsScreen.server';

export const loader = (args: LoaderFunctionArgs) => accountLinkReturnData(args);
