import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { InfoFormScreen } from '#app/components/forms/InfoFormScreen';
import { handleFormAction, loadFormScreen } from '#server/screens/infoForms.server';

/** /contactUs: a message to the tenant. ?subject= prefills the subject (job applications, plans). */
export const loader = (args: LoaderFunctionArgs) => loadFormScreen(args, 'contactUs');
export const action = (args: ActionFunctionArgs) => handleFormAction(args, 'contactUs');
export { formHeaders as headers } from '#app/components/forms/headers';
export { staticHandle as handle } from '#app/lib/handles';
export { formScreenMeta as meta } from '#app/components/forms/InfoFormScreen';

export default function ContactUs() {
  return <InfoFormScreen kind="contactUs" />;
}
