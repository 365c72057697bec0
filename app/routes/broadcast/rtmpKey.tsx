import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { KeyScreen } from '#app/components/broadcast/KeyScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './rtmpKey.server';

/** /rtmpKey[?eventId=]: an event's RTMP ingest URL and stream key, and its live status (organizer). */
export { action, loader } from './rtmpKey.server';
export const handle = i18nHandle('broadcast');

export default function RtmpKey() {
  return <KeyScreen data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
