import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import livekitStyles from '@livekit/components-styles?url';
import { RoomClosedState } from '#app/components/live/room/RoomClosedState';
import { RoomShell } from '#app/components/live/room/RoomShell';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './room.server';
import { i18nHandle } from '#app/lib/handles';

export { action, loader } from './room.server';
export const handle = i18nHandle('chat', 'events', 'live');

export default function Room() {
  const data = useLoaderData<typeof loader>();
  if (data.closed) return <RoomClosedState reason={data.closed} eventId={data.event.eventId} title={data.event.title} />;
  return (
    <RoomShell
      key={data.event.eventId}
      layout={data.layout}
      event={data.event}
      role={data.role}
      me={data.me}
      canModerate={data.canModerate}
      savedDevices={data.devices}
      tenantZone={data.tenantZone}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: livekitStyles }];

/** The reachability check changes nothing on the page: do not reload its data after it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === 'probe' ? false : defaultShouldRevalidate;
