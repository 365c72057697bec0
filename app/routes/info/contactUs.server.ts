import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleFormAction, loadFormScreen } from '#server/site/infoForms.server';

export const loader = (args: LoaderFunctionArgs) => loadFormScreen(args, 'contactUs');

export const action = (args: ActionFunctionArgs) => handleFormAction(args, 'contactUs');
