import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { previewHref } from '#app/lib/events/model';
import { getFixedT } from '#server/i18n.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get('c')?.trim() ?? '';
  if (code) {
    const event = await context.data.events.byShortCode(code);
    if (event) return redirect(previewHref(event.eventId), { headers: { 'Cache-Control': 'private, no-store' } });
  }
  const t = await getFixedT(context.languageTag);
  return json({ title: t('schedule.shortLink.title') }, { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
}
