import { InfoFormScreen } from '#app/components/forms/InfoFormScreen';

/** /contactUs: a message to the tenant. ?subject= prefills the subject (job applications, plans). */
export { action, loader } from './contactUs.server';

export { formHeaders as headers } from '#app/components/forms/headers';
export { staticHandle as handle } from '#app/lib/handles';
export { formScreenMeta as meta } from '#app/components/forms/InfoFormScreen';

export default function ContactUs() {
  return <InfoFormScreen kind="contactUs" />;
}
