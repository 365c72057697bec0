import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleFormAction, loadFormScreen } from '#server/site/infoForms.server';

export const loader = (args: LoaderFunctionArgs) => loadFormScreen(args, 'requestInfo');

export const action = (args: ActionFunctionArgs) => handleFormAction(args, 'requestInfo');
