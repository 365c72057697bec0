import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { roomSalesAction, roomSalesLoader } from '#server/commerce/roomSales/api.server';

export const loader = (args: LoaderFunctionArgs) => roomSalesLoader(args);
export const action = (args: ActionFunctionArgs) => roomSalesAction(args);
