/**
 * The mails of a seat: the confirmation (purpose 'ticket') sent on a free registration or a
 * fulfilled ticket, and the reminders (purpose 'reminder'), each with the event's .ics file.
 * Written in the event's language, times in the event's own zone.
 */
import { DateTime } from 'luxon';
import type { Tenant } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import { TRANSLATIONS, isLanguage } from '#server/i18n.server';
import { tenantOrigin, type OriginEnv } from '#server/config/tenantOrigin.server';
import { sendMail } from '#server/platform/mail.server';
import type { SeriesCalendar } from '#server/events/index.server';
import { calendarFileName, eventCalendar, eventPageUrl } from './calendar.server';

type MailEvent = Pick<EventRecord, 'eventId' | 'title' | 'description' | 'eventDateTime' | 'eventDuration' | 'eventTimeZone' | 'organizerName' | 'eventLanguage'>;
type MailTenant = Pick<Tenant, 'id' | 'displayName' | 'domains'>;
type MailKey = keyof (typeof TRANSLATIONS)['en']['tickets']['mail'];

/** One mail string in the event's language with {{name}}-style values filled in. */
function mailText(language: string, key: MailKey, values: Record<string, string>): string {
  const table = TRANSLATIONS[isLanguage(language) ? language : 'en'].tickets.mail;
  return table[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

function whenText(event: MailEvent, language: string) {
  return DateTime.fromISO(event.eventDateTime, { zone: 'utc' })
    .setZone(event.eventTimeZone)
    .setLocale(language)
    .toLocaleString(DateTime.DATETIME_FULL);
}

export interface Recipient {
  email: string;
  name: string;
}

/** Links and the calendar file point at the tenant's own site, whatever Host the request that led here came with. */
function mailValues(tenant: MailTenant, env: OriginEnv, event: MailEvent, to: Recipient) {
  const site = tenantOrigin(tenant, env);
  return {
    site,
    values: { name: to.name || to.email.split('@')[0] || '', title: event.title, when: whenText(event, event.eventLanguage), zone: event.eventTimeZone, url: eventPageUrl(site, event) },
  };
}

const calendarAttachment = (event: MailEvent, site: string, series: SeriesCalendar | null = null) => ({ filename: calendarFileName(event), contentType: 'text/calendar', content: eventCalendar(event, site, series) });

/**
 * The confirmation of a seat (free registration: orderId 'free'). Returns whether it was delivered.
 * `series`: a whole-series registration (docs/decisions/0085): one mail whose file is the series' (RRULE).
 */
export async function sendTicketConfirmation(tenant: MailTenant, env: OriginEnv, event: MailEvent, to: Recipient & { orderId: string }, series: SeriesCalendar | null = null): Promise<boolean> {
  if (!to.email) return false;
  const { site, values } = mailValues(tenant, env, event, to);
  const language = event.eventLanguage;
  return sendMail(tenant, {
    to: to.email,
    subject: mailText(language, to.orderId === 'free' ? 'registrationSubject' : 'ticketSubject', values),
    text: mailText(language, 'ticketBody', values),
    purpose: 'ticket',
    attachments: [calendarAttachment(event, site, series)],
  });
}

/** A reminder before the start. */
export async function sendReminder(tenant: MailTenant, env: OriginEnv, event: MailEvent, to: Recipient): Promise<boolean> {
  if (!to.email) return false;
  const { site, values } = mailValues(tenant, env, event, to);
  return sendMail(tenant, {
    to: to.email,
    subject: mailText(event.eventLanguage, 'reminderSubject', values),
    text: mailText(event.eventLanguage, 'reminderBody', values),
    purpose: 'reminder',
    attachments: [calendarAttachment(event, site)],
  });
}

/** A booked consultation's private session, to the buyer and to the organizer. */
export async function sendConsultationBooked(tenant: MailTenant, env: OriginEnv, event: MailEvent, to: Recipient): Promise<boolean> {
  if (!to.email) return false;
  const { site, values } = mailValues(tenant, env, event, to);
  return sendMail(tenant, {
    to: to.email,
    subject: mailText(event.eventLanguage, 'consultationSubject', values),
    text: mailText(event.eventLanguage, 'consultationBody', values),
    purpose: 'ticket',
    attachments: [calendarAttachment(event, site)],
  });
}

/** A consultation cancelled (and refunded), to the buyer and to the organizer: the calendar entry can go. */
export async function sendConsultationCancelled(tenant: MailTenant, env: OriginEnv, event: MailEvent, to: Recipient): Promise<boolean> {
  if (!to.email) return false;
  const { values } = mailValues(tenant, env, event, to);
  return sendMail(tenant, {
    to: to.email,
    subject: mailText(event.eventLanguage, 'consultationCancelledSubject', values),
    text: mailText(event.eventLanguage, 'consultationCancelledBody', values),
    purpose: 'ticket',
  });
}
