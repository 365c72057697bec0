import { InfoFormScreen } from '#app/components/forms/InfoFormScreen';
import { staticHandle } from '#app/lib/handles';

/** /contactUs: a message to the tenant. ?subject= prefills the subject (job applications, plans). */
export { action, loader } from './contactUs.server';

export { formHeaders as headers } from '#app/components/forms/headers';
export const handle = staticHandle('forms', 'support');
export { formScreenMeta as meta } from '#app/components/forms/InfoFormScreen';

export default function ContactUs() {
  return <InfoFormScreen kind="contactUs" />;
}
