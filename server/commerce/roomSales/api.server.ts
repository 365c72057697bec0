/**
 * The room sales API (app/lib/roomSales/model.ts):
 *
 *   GET  /api/roomSales?event=<id>  → PinState (the organizer, hosts, and anyone the room admits now: admitToRoom)
 *   GET  /api/roomSales?event=<id>&list=products → PinProductList: the organizer's published
 *        products, the pin picker's choices (the organizer and hosts; 403 for others)
 *   POST /api/roomSales             PinRequest → PinState (the organizer and hosts; 403 for others)
 *
 * Errors are { error, message } in the request's language with a 4xx status. Another tenant's
 * event, or one the caller is blocked from, is not found (404).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { TFunction } from 'i18next';
import { eventIdSchema, type EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf } from '#app/lib/events/permissions';
import type { SessionUser } from '#app/lib/identity/types';
import { pinRequestSchema, type PinProductList } from '#app/lib/roomSales/model';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/index.server';
import { admitToRoom } from '#server/entitlement/index.server';
import { publishedProductsOf } from './catalog.server';
import { pin, PinRefused, pinFor, unpin } from './pins.server';
import { methodNotAllowed, NO_STORE, refuse } from '#server/http/responses.server';

const STATUS = { badRequest: 400, unauthenticated: 401, forbidden: 403, notFound: 404, notForSale: 409 } as const;
type ErrorCode = keyof typeof STATUS;

const refuseSale = (t: TFunction, code: ErrorCode, headers: Record<string, string> = {}) => refuse(STATUS[code], code, t(`donations.sales.errors.${code}`), { headers });

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

async function eventFor(args: Args, eventId: unknown, t: TFunction): Promise<Response | { user: SessionUser; event: EventRecord }> {
  const user = await getSessionUser(args);
  if (!user) return refuseSale(t, 'unauthenticated');
  const id = eventIdSchema.safeParse(eventId);
  if (!id.success) return refuseSale(t, 'badRequest');
  const event = await args.context.data.events.getFor(id.data, user);
  if (!event || (roleOf(event, user) !== 'organizer' && event.blockedUsers.includes(user.sub))) return refuseSale(t, 'notFound');
  return { user, event };
}

export async function roomSalesLoader(args: LoaderFunctionArgs) {
  const t = await getFixedT(args.context.languageTag);
  const params = new URL(args.request.url).searchParams;
  const found = await eventFor(args, params.get('event'), t);
  if (found instanceof Response) return found;
  const list = params.get('list');
  const staff = isStaff(roleOf(found.event, found.user));
  if (list === null) {
    // The pinned sale is shown in the room: a participant sees it only while the room admits them.
    if (!staff && !(await admitToRoom(args.context.data, found.event, found.user)).ok) return refuseSale(t, 'forbidden');
    return json(await args.context.data.roomPins.get(found.event.eventId), { headers: NO_STORE });
  }
  if (list !== 'products') return refuseSale(t, 'badRequest');
  if (!staff) return refuseSale(t, 'forbidden');
  const products = await publishedProductsOf(args.context.data, found.event.organizerId);
  const answer: PinProductList = { products: products.map((p) => ({ productId: p.productId, title: p.title, price: { amount: p.price, currency: p.currency } })) };
  return json(answer, { headers: NO_STORE });
}

export async function roomSalesAction(args: ActionFunctionArgs) {
  const t = await getFixedT(args.context.languageTag);
  if (args.request.method !== 'POST') return methodNotAllowed(args.context.languageTag, 'GET, POST');
  if (!(await getSessionUser(args))) return refuseSale(t, 'unauthenticated');
  let raw: unknown;
  try {
    raw = await args.request.json();
  } catch {
    return refuseSale(t, 'badRequest');
  }
  // The event first: another tenant's is 404 whatever else the body says.
  const found = await eventFor(args, (raw as { eventId?: unknown } | null)?.eventId, t);
  if (found instanceof Response) return found;
  const parsed = pinRequestSchema.safeParse(raw);
  if (!parsed.success) return refuseSale(t, 'badRequest');
  if (!isStaff(roleOf(found.event, found.user))) return refuseSale(t, 'forbidden');
  const ctx = { tenant: args.context.tenant, data: args.context.data };
  const body = parsed.data;
  try {
    const state = body.intent === 'unpin' ? await unpin(ctx, found.event) : await pin(ctx, found.event, await pinFor(ctx, found.event, found.user, body.kind, body.refId));
    return json(state, { headers: NO_STORE });
  } catch (e) {
    if (e instanceof PinRefused) return refuseSale(t, e.code);
    throw e;
  }
}
