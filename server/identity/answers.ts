/**
 * The identity gateway's answers in Cognito's shape, and the pieces of them that must look the same
 * whether or not an account exists (masked destinations, code deliveries).
 */
import type { GatewayAnswer } from './refreshCookie';

export type Body = Record<string, unknown>;
export type Answer = GatewayAnswer;

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const record = (v: unknown): Body => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {});

export const cognitoError = (status: number, type: string, message: string, headers?: Record<string, string>): Answer => ({
  status,
  body: { __type: type, message },
  headers,
});

export const errorType = (answer: Answer) => (answer.status >= 400 ? str(answer.body.__type).split('#').pop() || 'Error' : undefined);

export const CODE_MISMATCH = 'Invalid verification code provided, please try again.';
/** What a wrong code gets; also every code entry for an account the code cannot be for. */
export const codeMismatch = (): Answer => cognitoError(400, 'CodeMismatchException', CODE_MISMATCH);

/** Cognito's masked destinations: "a***@e***.com", "+*******1234". */
export function maskDestination(destination: string): string {
  if (destination.includes('@')) {
    const [local, domain] = [destination.slice(0, destination.lastIndexOf('@')), destination.slice(destination.lastIndexOf('@') + 1)];
    const dot = domain.lastIndexOf('.');
    const tld = dot > 0 ? domain.slice(dot) : '';
    return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
  }
  if (destination.includes('*')) return destination;
  return `+${'*'.repeat(Math.max(destination.length - 5, 1))}${destination.slice(-4)}`;
}

/**
 * A code delivery as every answer shows it, real or not: always the same keys in the same order,
 * the destination masked. `destination` is an email address or a phone number.
 */
export function codeDelivery(destination: string): Body {
  const email = destination.includes('@');
  return {
    AttributeName: email ? 'email' : 'phone_number',
    DeliveryMedium: email ? 'EMAIL' : 'SMS',
    Destination: maskDestination(destination),
  };
}

/** A real answer's CodeDeliveryDetails in the common shape (its destination masked); unchanged when it has none. */
export function withCodeDelivery(answer: Answer): Answer {
  const details = record(answer.body.CodeDeliveryDetails);
  const destination = str(details.Destination);
  if (answer.status !== 200 || !destination) return answer;
  return { ...answer, body: { ...answer.body, CodeDeliveryDetails: codeDelivery(destination) } };
}
