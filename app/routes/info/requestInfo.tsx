import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { InfoFormScreen } from '#app/components/forms/InfoFormScreen';
import { handleFormAction, loadFormScreen } from '#server/screens/infoForms.server';

/** /requestInfo: demo, pricing and partnership enquiries. ?topic= preselects the topic. */
export const loader = (args: LoaderFunctionArgs) => loadFormScreen(args, 'requestInfo');
export const action = (args: ActionFunctionArgs) => handleFormAction(args, 'requestInfo');
export { formHeaders as headers } from '#app/components/forms/headers';
export { staticHandle as handle } from '#app/lib/handles';
export { formScreenMeta as meta } from '#app/components/forms/InfoFormScreen';

export default function RequestInfo() {
  return <InfoFormScreen kind="requestInfo" />;
}
