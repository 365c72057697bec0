import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { upcomingEvents } from '#server/screens/upcomingEvents.server';

interface Cta {
  label: string;
  to: string;
}

function asCta(value: unknown): Cta | null {
  if (!value || typeof value !== 'object') return null;
  const { label, to } = value as Record<string, unknown>;
  return typeof label === 'string' && typeof to === 'string' && to.startsWith('/') ? { label, to } : null;
}

/** The home template: hero and calls to action from the tenant's home.md, its body, upcoming events. */
export async function loader({ context }: LoaderFunctionArgs) {
  const page = context.services.content.page(context.tenant, context.language, 'home');
  if (!page) throw new Response('Not found', { status: 404 });
  return json({
    upcoming: await upcomingEvents(context),
    timeZone: context.tenant.timeZone,
    hero: {
      eyebrow: typeof page.meta.eyebrow === 'string' ? page.meta.eyebrow : null,
      headline: page.title,
      lead: page.description,
      primary: asCta(page.meta.primaryCta),
      secondary: asCta(page.meta.secondaryCta),
    },
    html: page.html,
  });
}
