import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Spinner, Text } from '@chakra-ui/react';
import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData, useRevalidator, type ShouldRevalidateFunction } from '@remix-run/react';
import livekitStyles from '@livekit/components-styles?url';
import { RoomClosedState } from '#app/components/live/room/RoomClosedState';
import { RoomShell } from '#app/components/live/room/RoomShell';
import { WaitingRoom } from '#app/components/live/waiting/WaitingRoom';
import { TicketGateState } from '#app/components/tickets/TicketGateState';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './room.server';
import { stageHandle } from '#app/lib/handles';

export { action, loader } from './room.server';
// captions: fetched by the stage's captions layer when it mounts (only the browser renders the stage).
export const handle = stageHandle('chat', 'events', 'live', 'recording', 'donations');

/**
 * The shared room shell (docs/decisions/0024): served the same to everyone allowed in, it asks
 * for the person's data (root and room loaders, no-store) as soon as it runs, then shows the room.
 */
function RoomJoining() {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    revalidate();
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Box data-testid="room-joining" role="status" display="flex" alignItems="center" justifyContent="center" gap="3" minH="60dvh">
      <Spinner size="sm" />
      <Text>{t('live.connection.connecting')}</Text>
    </Box>
  );
}

export default function Room() {
  const data = useLoaderData<typeof loader>();
  if (data.shell) return <RoomJoining />;
  if (data.ticketGate) return <TicketGateState gate={data.ticketGate} title={data.event.title} />;
  if (data.closed) return <RoomClosedState reason={data.closed} eventId={data.event.eventId} title={data.event.title} />;
  if (data.waiting) return <WaitingRoom key={data.event.eventId} eventId={data.event.eventId} title={data.event.title} initial={data.waiting} />;
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
      firstSession={data.session}
      captions={data.captions}
      reactions={data.reactions}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data && !data.shell ? data.title : undefined });

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: livekitStyles }];

/** The reachability check changes nothing on the page: do not reload its data after it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === 'probe' ? false : defaultShouldRevalidate;
