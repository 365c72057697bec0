import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { FormScreenData } from '#app/components/forms/InfoFormScreen';
import {
  readFormValues,
  subjectFromQuery,
  topicFromQuery,
  validateForm,
  type FieldErrors,
  type FormKind,
  type FormValues,
} from '#app/lib/forms/schemas';
import { getFixedT } from '#server/i18n.server';
import { localize } from '#app/lib/config/tenant';
import { readForm } from '#server/http/readForm.server';
import { NO_STORE } from '#server/http/responses.server';
import { log } from '#server/observability/log.server';

export type FormActionData =
  | { status: 'success'; email: string }
  | {
      status: 'error';
      reason: 'invalid' | 'rateLimited' | 'serviceDown';
      /** Translated form-level message. */
      message: string;
      values: FormValues;
      fieldErrors: FieldErrors;
    };

/** How long a save may take before the form answers "service down" (the SDK retries inside). */
export const SAVE_TIMEOUT_MS = 8_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The action of both public forms. Order: read the posted fields → validate (400 with field
 * errors; a mistake does not use up the visitor's allowance) → rate limit per tenant and IP
 * (429) → honeypot (answers like a success, stores nothing) → store (503 when the database
 * fails, every typed value kept). Never throws on bad input.
 */
export async function handleFormAction({ request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>, kind: FormKind) {
  const { tenant, language, clientIp, services, data } = context;
  const t = await getFixedT(language);

  // Not a form body: every field reads as empty and fails validation below (400 with field errors).
  const form = await readForm(request, language).catch(() => null);
  const { values, honeypot } = readFormValues(kind, form);
  const fail = (status: number, reason: 'invalid' | 'rateLimited' | 'serviceDown', message: string, fieldErrors: FieldErrors = {}, headers = {}) =>
    json<FormActionData>({ status: 'error', reason, message, values, fieldErrors }, { status, headers: { ...NO_STORE, ...headers } });

  const result = honeypot ? null : validateForm(kind, values);
  if (result && !result.ok) return fail(400, 'invalid', t('forms.fixErrors'), result.fieldErrors);

  const limit = await services.formLimiter.consume(`${tenant.id}:${clientIp}`);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return fail(429, 'rateLimited', t('forms.rateLimited', { count: minutes, minutes }), {}, { 'Retry-After': String(limit.retryAfterSeconds) });
  }

  const email = values.email.trim();
  if (!result) return json<FormActionData>({ status: 'success', email }, { headers: NO_STORE });

  try {
    await withTimeout(data.forms.save(kind, language, result.fields), SAVE_TIMEOUT_MS);
  } catch (error) {
    log.error(`[forms] ${kind} submission for tenant ${tenant.id} not saved: ${(error as Error).name}: ${(error as Error).message}`);
    return fail(503, 'serviceDown', t('forms.serviceDown'), {}, { 'Retry-After': '60' });
  }
  return json<FormActionData>({ status: 'success', email: result.fields.email }, { headers: NO_STORE });
}

/** Loader of a form screen: its texts and the values preset from the query (?topic=, ?subject=). */
export async function loadFormScreen({ context, request }: Pick<LoaderFunctionArgs, 'request' | 'context'>, kind: FormKind) {
  const t = await getFixedT(context.languageTag);
  const query = new URL(request.url).searchParams;
  const initialValues: FormValues =
    kind === 'requestInfo' ? { topic: topicFromQuery(query.get('topic')) } : { subject: subjectFromQuery(query.get('subject')) };
  // From /pricing: ?plan=<id> names one of the tenant's plans in the message (unknown ids are ignored).
  const plan = kind === 'requestInfo' ? context.tenant.pricing.plans.find((p) => p.id === query.get('plan')) : undefined;
  if (plan) initialValues.message = t('pricing.planEnquiry', { plan: localize(plan.name, context.language, context.tenant.languages.default) });
  return json<FormScreenData>({ title: t(`pages.${kind}`), lead: t(`forms.${kind}Lead`), initialValues });
}
