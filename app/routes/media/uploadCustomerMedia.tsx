import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MediaUploader } from '#app/components/media/upload/MediaUploader';
import { LibraryScreen } from '#app/components/media/library/LibraryScreen';
import { i18nHandle } from '#app/lib/handles';
import { MEDIA_KINDS } from '#app/lib/media/model';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './uploadCustomerMedia.server';

/**
 * /uploadCustomerMedia: the tenant's media library with its uploader (organizers, admins), or a
 * member's My media (their own items); either opens an item in its viewer (?open=).
 */
export { loader } from './uploadCustomerMedia.server';
export const handle = i18nHandle('library', 'player', 'upload', 'forms');

export default function UploadCustomerMedia() {
  const data = useLoaderData<typeof loader>();
  return (
    <LibraryScreen
      title={data.title}
      lead={data.lead}
      path="/uploadCustomerMedia"
      query={data.query}
      cards={data.cards}
      next={data.next}
      viewer={{ opened: data.opened }}
      uploader={<MediaUploader id="uploadCustomerMedia" scope="tenant" kinds={MEDIA_KINDS} usage={data.usage} listedHere height={320} />}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
