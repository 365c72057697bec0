import { InfoFormScreen } from '#app/components/forms/InfoFormScreen';
import { staticHandle } from '#app/lib/handles';

/** /requestInfo: demo, pricing and partnership enquiries. ?topic= preselects the topic. */
export { action, loader } from './requestInfo.server';

export { formHeaders as headers } from '#app/components/forms/headers';
export const handle = staticHandle('forms', 'support');
export { formScreenMeta as meta } from '#app/components/forms/InfoFormScreen';

export default function RequestInfo() {
  return <InfoFormScreen kind="requestInfo" />;
}
