/** The API's views of stored records (./schemas.server.ts says their shape). */
import { eventStatus, type EventRecord } from '#app/lib/events/model';
import type { MediaItem } from '#app/lib/media/model';
import type { Order } from '#app/lib/payments/model';
import type { z } from 'zod';
import type { eventSchema, mediaItemSchema, orderSchema } from './schemas.server';

export function eventView(e: EventRecord, currency: string, now = Date.now()): z.infer<typeof eventSchema> {
  return {
    id: e.eventId,
    title: e.title,
    description: e.description,
    start: e.eventDateTime,
    duration_minutes: e.eventDuration,
    time_zone: e.eventTimeZone,
    language: e.eventLanguage,
    layout: e.layout,
    status: eventStatus(e, now),
    ticket_price: { amount: e.ticketPrice, currency },
    capacity: e.capacity,
    replay_price: e.replayPrice == null ? null : { amount: e.replayPrice, currency },
    organizer: { id: e.organizerId, name: e.organizerName },
    hosts: e.hosts,
    moderate_chat: e.moderateChat,
    reactions: e.reactions,
    hosts_admit: e.hostsAdmit,
    short_code: e.shortCode,
    series_id: e.seriesId ?? null,
    registration_questions: e.registrationQuestions.length,
    cancelled_at: e.cancelledAt,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
  };
}

export function orderView(o: Order): z.infer<typeof orderSchema> {
  return {
    id: o.orderId,
    status: o.status,
    buyer: { id: o.buyerId, name: o.buyerName, email: o.buyerEmail },
    total: { amount: o.total.amount, currency: o.total.currency },
    refunded: { amount: o.refunded.amount, currency: o.refunded.currency },
    lines: o.lines.map((l) => ({ kind: l.kind, ref_id: l.refId, title: l.title, quantity: l.quantity, unit_amount: l.unitAmount })),
    created_at: o.createdAt,
    paid_at: o.paidAt ?? null,
  };
}

export function mediaView(m: MediaItem): z.infer<typeof mediaItemSchema> {
  return {
    id: m.id,
    kind: m.kind,
    title: m.title,
    description: m.description,
    status: m.status,
    visibility: m.visibility,
    owner: { id: m.ownerId, name: m.ownerName },
    event_id: m.eventId ?? null,
    bytes: m.original.bytes,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
  };
}
