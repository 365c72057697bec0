import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { NO_STORE } from '#server/media/screens/mediaLibrary.server';
import { reviewScreenData } from '#server/media/screens/mediaReview.server';

export async function loader(args: LoaderFunctionArgs) {
  return json(await reviewScreenData(args), { headers: NO_STORE });
}
