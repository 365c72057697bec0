/**
 * /api/consultations/availability: the organizer's consultation settings of one of their
 * channels. GET ?channel= reads them, POST saves them (zod; the fee typed in major units of the
 * tenant's currency). Only the channel's owner: any other channel (someone else's, another
 * tenant's, none at all) answers 404, so nobody learns which channels exist.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { KeyIn } from '#app/lib/i18n/keys';
import { currencyOf, minorUnitsPerMajor, parseMajorAmount } from '#app/lib/money/money';
import { availabilitySchema, CONSULT_LIMITS, weeklyWindowSchema } from '#app/lib/tickets/consultations';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/index.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON, refuse } from '#server/http/responses.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;
type ConsultError = KeyIn<'tickets.consult.errors'>;
export type SettingsFieldErrors = Partial<Record<'timeZone' | 'slotMinutes' | 'fee' | 'cancellationHours' | 'rules' | 'weekly', ConsultError>>;

const channelIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,80}$/);

/** What the editor sends: the fee as typed ("60", "60.50"), everything else as the availability has it. */
const settingsBodySchema = z.object({
  channelId: channelIdSchema,
  enabled: z.boolean(),
  timeZone: z.string().max(100),
  slotMinutes: z.number(),
  fee: z.string().max(20),
  cancellationHours: z.number(),
  rules: z.string().max(CONSULT_LIMITS.rulesMax, 'tickets.consult.errors.rules'),
  weekly: z.array(weeklyWindowSchema).max(CONSULT_LIMITS.weeklyMax, 'tickets.consult.errors.weekly'),
});

async function refuseSettings(language: string, status: number, error: 'notFound' | 'badRequest' | 'signIn', fieldErrors?: SettingsFieldErrors) {
  const t = await getFixedT(language);
  const message = t(error === 'signIn' ? 'tickets.consult.settings.signIn' : error === 'notFound' ? 'tickets.consult.settings.notFound' : 'tickets.consult.errors.failed');
  // The settings' answers carry `ok`: their refusals say ok: false.
  return refuse(status, error, message, { extra: { ok: false, ...(fieldErrors ? { fieldErrors } : {}) }, headers: status === 405 ? { Allow: 'GET, POST' } : {} });
}

/** The channel when the signed-in person owns it; otherwise the refusal to answer. */
async function ownedChannel(args: Args, channelParam: unknown) {
  const language = args.context.language;
  const user = await getSessionUser(args);
  if (!user) return { refusal: await refuseSettings(language, 401, 'signIn') };
  const id = channelIdSchema.safeParse(channelParam);
  const channel = id.success ? await args.context.data.channels.get(id.data) : null;
  if (!channel || channel.ownerId !== user.sub) return { refusal: await refuseSettings(language, 404, 'notFound') };
  return { user, channel };
}

/** The settings as the editor shows them: the fee back in major units. */
function forEditor(availability: z.infer<typeof availabilitySchema> | null, currency: string) {
  if (!availability) return null;
  const { exponent } = currencyOf(currency);
  const per = minorUnitsPerMajor(currency);
  // Integer arithmetic only: "60.50" from 6050, "500" from 500 in a currency without decimals.
  const fee = exponent === 0 ? String(availability.fee) : `${Math.floor(availability.fee / per)}.${String(availability.fee % per).padStart(exponent, '0')}`;
  return { ...availability, enabled: availability.enabled !== false, fee };
}

export async function loader(args: LoaderFunctionArgs) {
  const owned = await ownedChannel(args, new URL(args.request.url).searchParams.get('channel'));
  if ('refusal' in owned) return owned.refusal;
  const stored = await args.context.data.consultations.availability(owned.channel.channelId);
  return json({ ok: true as const, currency: args.context.tenant.currency, availability: forEditor(stored, args.context.tenant.currency) }, { headers: NO_STORE });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const language = context.language;
  if (request.method !== 'POST') return methodNotAllowed(language, 'POST');
  const raw = await jsonBody(request);
  if (raw === NOT_JSON) return refuseSettings(language, 400, 'badRequest');
  const channelId = raw && typeof raw === 'object' ? (raw as { channelId?: unknown }).channelId : undefined;
  const owned = await ownedChannel(args, channelId);
  if ('refusal' in owned) return owned.refusal;
  // Both checks run on every post, so each wrong field is reported at the first save.
  const body = settingsBodySchema.safeParse(raw);
  const typedFee = (raw as { fee?: unknown }).fee;
  const fee = typeof typedFee === 'string' && typedFee.length <= 20 ? parseMajorAmount(typedFee, context.tenant.currency) : null;
  const parsed = availabilitySchema.safeParse({ ...(raw as object), fee: fee ?? -1 });
  if (!body.success || !parsed.success) {
    return refuseSettings(language, 400, 'badRequest', fieldErrorsOf([...(body.success ? [] : body.error.issues), ...(parsed.success ? [] : parsed.error.issues)]));
  }
  const owner = { ownerId: owned.user.sub, ownerName: owned.channel.ownerName || owned.channel.name, ownerEmail: owned.user.email ?? '' };
  const saved = await context.data.consultations.saveAvailability(owned.channel.channelId, owner, parsed.data);
  return json({ ok: true as const, currency: context.tenant.currency, availability: forEditor(saved, context.tenant.currency) }, { headers: NO_STORE });
}

const FIELD_ERROR: Record<string, ConsultError> = {
  timeZone: 'tickets.consult.errors.zone',
  slotMinutes: 'tickets.consult.errors.slotMinutes',
  fee: 'tickets.consult.errors.fee',
  cancellationHours: 'tickets.consult.errors.hours',
  rules: 'tickets.consult.errors.rules',
  weekly: 'tickets.consult.errors.weekly',
};

/** One message per field; a window's own message (end before start) wins for the weekly list. */
function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): SettingsFieldErrors {
  const out: SettingsFieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as keyof SettingsFieldErrors;
    if (!(field in FIELD_ERROR) || out[field]) continue;
    out[field] = field === 'weekly' && issue.message === 'tickets.consult.errors.window' ? 'tickets.consult.errors.window' : FIELD_ERROR[field];
  }
  return out;
}
