import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountLinkReturnData } from '#server/payments/payoutsScreen.server';

export const loader = (args: LoaderFunctionArgs) => accountLinkReturnData(args);
