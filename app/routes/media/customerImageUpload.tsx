import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { LibraryScreen } from '#app/components/media/library/LibraryScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './customerImageUpload.server';

/** /customerImageUpload (organizers, admins): the library's images, each with its four sizes and their pixel sizes. */
export { loader } from './customerImageUpload.server';
export const handle = i18nHandle('library', 'player');

export default function CustomerImageUpload() {
  const data = useLoaderData<typeof loader>();
  // Uploader slot (images only): the upload component of app/components/media/upload goes here once it is on this branch.
  return <LibraryScreen title={data.title} lead={data.lead} path="/customerImageUpload" query={data.query} cards={data.cards} next={data.next} fixedKind />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
