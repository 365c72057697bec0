/** A breakout request refused (docs/decisions/0084): its code and its words in the request's language. */
import type { BreakoutErrorCode } from '#app/lib/breakouts/model';
import { refuse } from '#server/http/responses.server';
import { getFixedT } from '#server/i18n.server';

const STATUS: Record<BreakoutErrorCode, number> = { breakoutsClosed: 409, notAssigned: 403, roomNotFound: 404 };

export async function refuseBreakout(error: BreakoutErrorCode, language: string): Promise<Response> {
  const t = await getFixedT(language);
  return refuse(STATUS[error], error, t(`breakouts.errors.${error}`));
}
