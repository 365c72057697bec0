/** Why checkout refused a line (server/commerce/payments/sellables.server.ts, Refusal), as the browser names it. */
export const REFUSALS = ['not_found', 'not_for_sale', 'sold_out', 'already_owned', 'own_item', 'invalid_amount', 'slot_taken', 'too_late'] as const;
export type Refusal = (typeof REFUSALS)[number];

export const refusalOf = (value: unknown): Refusal => ((REFUSALS as readonly unknown[]).includes(value) ? (value as Refusal) : 'not_for_sale');
