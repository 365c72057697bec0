import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { LibraryScreen } from '#app/components/media/library/LibraryScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './uploadCustomerMedia.server';

/** /uploadCustomerMedia (organizers, admins): the tenant's media library with its uploader. */
export { loader } from './uploadCustomerMedia.server';
export const handle = i18nHandle('library', 'player');

export default function UploadCustomerMedia() {
  const data = useLoaderData<typeof loader>();
  // Uploader slot: the upload component of app/components/media/upload goes here once it is on this branch.
  return <LibraryScreen title={data.title} lead={data.lead} path="/uploadCustomerMedia" query={data.query} cards={data.cards} next={data.next} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
