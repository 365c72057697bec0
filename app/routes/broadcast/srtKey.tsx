import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { KeyScreen } from '#app/components/broadcast/KeyScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './srtKey.server';

/** /srtKey[?eventId=]: an event's SRT ingest URL and stream key, and its live status (organizer). */
export { action, loader } from './srtKey.server';
export const handle = i18nHandle('broadcast');

export default function SrtKey() {
  return <KeyScreen data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
