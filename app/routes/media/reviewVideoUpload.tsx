import { Container, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MediaUploader } from '#app/components/media/upload/MediaUploader';
import { MyReviews } from '#app/components/media/library/MyReviews';
import { ReviewQueue } from '#app/components/media/library/ReviewQueue';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './reviewVideoUpload.server';
import { ScreenHeading } from '#app/components/media/library/ScreenHeading';

/** /reviewVideoUpload (organizers, admins): videos sent from here wait for review; admins publish or reject them with a reason. */
export { loader } from './reviewVideoUpload.server';
export const handle = i18nHandle('library', 'player', 'upload', 'forms');

const VIDEO_ONLY = ['video'] as const;

export default function ReviewVideoUpload() {
  const { title, lead, mine, queue, usage } = useLoaderData<typeof loader>();
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="review">
      <Stack gap="8">
        <ScreenHeading title={title} lead={lead} />
        <MediaUploader id="reviewVideoUpload" scope="tenant" kinds={VIDEO_ONLY} review usage={usage} listedHere height={280} />
        {queue ? <ReviewQueue entries={queue} /> : null}
        <MyReviews cards={mine} />
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
