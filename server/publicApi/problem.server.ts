/**
 * Errors of the public API as RFC 9457 problem details (application/problem+json): type, title,
 * status, detail and, for invalid input, errors[] naming each field (docs/decisions/0087).
 */
import type { z } from 'zod';

export const PROBLEM_TYPE_BASE = '/api/v1/docs#problem-';

export interface FieldError {
  /** Where the error is: `body.title`, `query.limit`, `header.Idempotency-Key`. */
  field: string;
  message: string;
}

export type ProblemCode =
  | 'bad-request'
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'conflict'
  | 'idempotency-mismatch'
  | 'unsupported-media-type'
  | 'rate-limited';

const TITLES: Record<ProblemCode, [number, string]> = {
  'bad-request': [400, 'The request could not be read'],
  validation: [400, 'The request has invalid fields'],
  unauthorized: [401, 'A valid API key of this site is needed'],
  forbidden: [403, 'The API key lacks the scope this operation needs'],
  'not-found': [404, 'Not found'],
  'method-not-allowed': [405, 'Method not allowed'],
  conflict: [409, 'The request conflicts with the current state'],
  'idempotency-mismatch': [422, 'The Idempotency-Key was used with another request'],
  'unsupported-media-type': [415, 'The body must be JSON'],
  'rate-limited': [429, 'Too many requests with this key'],
};

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
}

export function problem(code: ProblemCode, detail: string, { errors, headers = {}, status }: { errors?: FieldError[]; headers?: Record<string, string>; status?: number } = {}): Response {
  const [defaultStatus, title] = TITLES[code];
  const body: Problem = { type: `${PROBLEM_TYPE_BASE}${code}`, title, status: status ?? defaultStatus, detail, ...(errors?.length ? { errors } : {}) };
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...headers },
  });
}

/** The field errors of a failed zod parse, under `where` (body, query, path). */
export function fieldErrors(where: string, error: z.ZodError): FieldError[] {
  return error.issues.slice(0, 50).map((issue) => ({ field: [where, ...issue.path.map(String)].join('.'), message: issue.message }));
}
