import { InfoFormScreen } from '#app/components/forms/InfoFormScreen';

/** /requestInfo: demo, pricing and partnership enquiries. ?topic= preselects the topic. */
export { action, loader } from './requestInfo.server';

export { formHeaders as headers } from '#app/components/forms/headers';
export { staticHandle as handle } from '#app/lib/handles';
export { formScreenMeta as meta } from '#app/components/forms/InfoFormScreen';

export default function RequestInfo() {
  return <InfoFormScreen kind="requestInfo" />;
}
