import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MediaUploader } from '#app/components/media/upload/MediaUploader';
import { LibraryScreen } from '#app/components/media/library/LibraryScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './customerImageUpload.server';

/** /customerImageUpload (organizers, admins): the library's images, each with its four sizes and their pixel sizes. */
export { loader } from './customerImageUpload.server';
export const handle = i18nHandle('library', 'player', 'upload', 'forms');

const IMAGE_ONLY = ['image'] as const;

export default function CustomerImageUpload() {
  const data = useLoaderData<typeof loader>();
  return (
    <LibraryScreen
      title={data.title}
      lead={data.lead}
      path="/customerImageUpload"
      query={data.query}
      cards={data.cards}
      next={data.next}
      fixedKind
      uploader={<MediaUploader id="customerImageUpload" scope="tenant" kinds={IMAGE_ONLY} usage={data.usage} listedHere height={320} />}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
