/**
 * The hostile inputs of the fuzz suite, by category: empty, wrong type, malformed, oversized,
 * deeply nested, NUL/CR/LF and unicode; as query strings, form / JSON / multipart / text bodies,
 * headers, Host headers and request lines, and chat socket frames. Field names come from the app
 * itself (catalog.ts knownFieldNames; the chat protocol's own frame schema), so new fields and
 * frame types are fuzzed without edits here.
 */
import { clientFrameSchema } from '#app/lib/chat/protocol';

export const CATEGORIES = ['empty', 'wrongType', 'malformed', 'oversized', 'nested', 'nulCrlf', 'unicode'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface QueryCase {
  category: Category;
  name: string;
  /** Starts with "?"; may hold raw non-ASCII bytes (already latin1-mapped, see utf8Bytes). */
  query: string;
}

export interface BodyCase {
  category: Category;
  name: string;
  contentType?: string;
  body: Buffer | string;
}

export interface HeaderCase {
  category: Category;
  name: string;
  headers: Array<[string, string]>;
}

/** A whole request shape (method, target, Host) for the server-wide cases. */
export interface RequestLineCase {
  category: Category;
  name: string;
  method: string;
  /** The request target; "{path}" is replaced by the endpoint's path. */
  target: string;
  /** Host header value ("{host}" = the tenant's host); null sends no Host header; an array sends several. */
  host: string | string[] | null;
}

/** A string's UTF-8 bytes as latin1 characters: encodeRequest writes request heads byte for byte. */
export const utf8Bytes = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

/** 1 MiB: above any reasonable field, below what loopback and the 2-core machine mind. */
export const OVERSIZED_BYTES = 1024 * 1024;

const WRONG_QUERY = (f: string) => `${f}[]=1&${f}[]=2&${f}[k]=v`;
const MALFORMED_QUERY = (f: string) => `${f}=%zz%&${f}%=%E0%A4%A&=${f}`;
const NUL_CRLF_QUERY = '%00%0D%0ASet-Cookie:%20x=y%0D%0A%0D%0A%3Cscript%3E';
/** Emoji, right-to-left override, a lone surrogate (as CESU bytes), an overlong "/", a BOM, a combining mark. */
const UNICODE_QUERY = '%F0%9F%98%80%E2%80%AE%ED%A0%80%C0%AF%EF%BB%BFe%CC%81%EF%BC%8F';

/** One query string per category, every field filled. */
export function queryCases(fields: string[]): QueryCase[] {
  const all = (value: (f: string) => string) => `?${fields.map(value).join('&')}`;
  const each = Math.max(8, Math.floor(11_000 / fields.length) - 8);
  return [
    { category: 'empty', name: 'every field empty', query: `${all((f) => `${f}=`)}&&=&==&` },
    { category: 'wrongType', name: 'arrays, objects and numbers', query: all((f) => `${WRONG_QUERY(f)}&${f}=1e999`) },
    { category: 'malformed', name: 'broken percent-encoding', query: all(MALFORMED_QUERY) },
    { category: 'oversized', name: '11 KB of values', query: all((f) => `${f}=${'A'.repeat(each)}`) },
    { category: 'nested', name: '500-deep brackets', query: `?a${'[x]'.repeat(500)}=1&event${'[0]'.repeat(200)}=1` },
    { category: 'nulCrlf', name: 'NUL and CR/LF', query: all((f) => `${f}=${NUL_CRLF_QUERY}`) },
    { category: 'unicode', name: 'encoded and raw unicode', query: `${all((f) => `${f}=${UNICODE_QUERY}`)}${utf8Bytes(`&q=ü😀\u202e&slug=ё${'\u0301'.repeat(20)}`)}` },
  ];
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const form = (fields: string[], value: (f: string, i: number) => string) => fields.map((f, i) => `${f}=${value(f, i)}`).join('&');
/** JSON with raw escapes (lone surrogates cannot go through JSON.stringify). */
const jsonObject = (fields: string[], literal: (f: string, i: number) => string) => `{${fields.map((f, i) => `${JSON.stringify(f)}:${literal(f, i)}`).join(',')}}`;
const WRONG_JSON = ['1', 'true', 'null', '[]', '{}', '1e308', '""', '[["x"]]', '{"$ne":null}', '-1'];
const NUL_CRLF_JSON = '"a\\u0000b\\r\\nSet-Cookie: x=y\\r\\n\\r\\n<script>alert(1)</script>"';
const UNICODE_JSON = '"\\ud800 \\udfff \\u202egnp.exe 😀 \\ufeff e\\u0301 Ω ＜script＞"';
const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW';

function multipart(parts: Array<{ name: string; value: string; filename?: string; type?: string }>, close = true): Buffer {
  const chunks = parts.map(
    (p) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n` +
      `${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.value}\r\n`,
  );
  return Buffer.from(chunks.join('') + (close ? `--${BOUNDARY}--\r\n` : ''), 'utf8');
}

/**
 * Bodies for an endpoint that takes POST, by the request's content type. `short` is the set for
 * endpoints without an action (they must refuse, and not stall on a body they never read).
 */
export function bodyCases(fields: string[], set: 'full' | 'short' = 'full'): BodyCase[] {
  const short: BodyCase[] = [
    { category: 'empty', name: 'no body, no type', body: '' },
    { category: 'oversized', name: '1 MiB form field', contentType: FORM, body: `intent=${'A'.repeat(OVERSIZED_BYTES)}` },
    { category: 'malformed', name: 'unterminated multipart', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart([{ name: 'intent', value: 'x' }], false) },
  ];
  if (set === 'short') return short;
  return [...short, ...formCases(fields), ...jsonCases(fields), ...otherBodyCases(fields)];
}

function formCases(fields: string[]): BodyCase[] {
  return [
    { category: 'empty', name: 'empty form', contentType: FORM, body: form(fields, () => '') },
    { category: 'wrongType', name: 'form arrays and objects', contentType: FORM, body: fields.map(WRONG_QUERY).join('&') },
    { category: 'malformed', name: 'form broken percent-encoding', contentType: FORM, body: fields.map(MALFORMED_QUERY).join('&') },
    { category: 'nested', name: 'form 1000-deep field name', contentType: FORM, body: `a${'[x]'.repeat(1000)}=1&intent${'[0]'.repeat(300)}=1` },
    { category: 'nulCrlf', name: 'form NUL and CR/LF', contentType: FORM, body: form(fields, () => NUL_CRLF_QUERY) },
    { category: 'unicode', name: 'form unicode', contentType: FORM, body: form(fields, () => UNICODE_QUERY) },
  ];
}

/** JSON bodies; the first five depend on the field names, the rest on the parser only. */
export function jsonCases(fields: string[]): BodyCase[] {
  return [
    { category: 'empty', name: 'JSON {}', contentType: JSON_TYPE, body: '{}' },
    { category: 'wrongType', name: 'JSON wrong types', contentType: JSON_TYPE, body: jsonObject(fields, (_f, i) => WRONG_JSON[i % WRONG_JSON.length]!) },
    { category: 'nulCrlf', name: 'JSON NUL and CR/LF', contentType: JSON_TYPE, body: jsonObject(fields, () => NUL_CRLF_JSON) },
    { category: 'unicode', name: 'JSON lone surrogates and overrides', contentType: JSON_TYPE, body: jsonObject(fields, () => UNICODE_JSON) },
    { category: 'oversized', name: '1 MiB JSON string', contentType: JSON_TYPE, body: jsonObject(fields.slice(0, 3), () => JSON.stringify('A'.repeat(OVERSIZED_BYTES))) },
    { category: 'wrongType', name: 'JSON array at the top', contentType: JSON_TYPE, body: '[1,"two",{"three":3}]' },
    { category: 'malformed', name: 'truncated JSON', contentType: JSON_TYPE, body: '{"eventId": "abc", "intent":' },
    { category: 'malformed', name: 'JSON with single quotes and a NUL', contentType: JSON_TYPE, body: "{'a':1}\u0000" },
    // Deep, yet under 64 KB, so body-size caps do not stop them before the parser.
    { category: 'nested', name: 'JSON 30k-deep arrays', contentType: JSON_TYPE, body: `${'['.repeat(30_000)}${']'.repeat(30_000)}` },
    { category: 'nested', name: 'JSON 10k-deep objects', contentType: JSON_TYPE, body: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` },
  ];
}

function otherBodyCases(fields: string[]): BodyCase[] {
  return [
    {
      category: 'unicode',
      name: 'multipart with hostile values and a file',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: multipart([
        ...fields.slice(0, 30).map((f) => ({ name: f, value: 'ü😀\u202e\u0000\r\nx' })),
        { name: 'file', value: '\x89PNG\r\n\x1a\n', filename: '../../etc/passwd\u0000.png', type: 'image/png' },
      ]),
    },
    { category: 'malformed', name: 'multipart without a boundary', contentType: 'multipart/form-data', body: multipart([{ name: 'intent', value: 'x' }]) },
    { category: 'malformed', name: 'multipart with another boundary', contentType: 'multipart/form-data; boundary=nope', body: multipart([{ name: 'intent', value: 'x' }]) },
    { category: 'wrongType', name: 'plain text', contentType: 'text/plain', body: 'intent=hello&eventId=world' },
    { category: 'malformed', name: 'JSON under an unknown charset', contentType: 'application/json; charset=klingon', body: '{"intent":"x"}' },
    { category: 'malformed', name: 'form in UTF-16', contentType: `${FORM}; charset=utf-16`, body: Buffer.from('intent=x&eventId=y', 'utf16le') },
  ];
}

/** Hostile headers sent with an ordinary GET of every endpoint. */
export function headerCases(): HeaderCase[] {
  return [
    {
      category: 'malformed',
      name: 'junk cookies, token, language and cache headers, latin1 and UTF-8 bytes',
      headers: [
        ['Cookie', `CognitoIdentityServiceProvider.junk.LastAuthUser=%E0%A4%A; CognitoIdentityServiceProvider.junk.x.idToken=a.b.c; lng=../../etc; =; ;;; a=b=c; u=${utf8Bytes('ü😀')}; \xff=\xe9`],
        ['Authorization', 'Bearer a.b.c'],
        ['Accept-Language', `*;q=x, xx-YYYYYYYYYY;q=2, ;q=, \xff\xfe, ${'zz-'.repeat(300)}`],
        ['If-None-Match', '"\x7f", W/'],
        ['Accept-Encoding', 'gzip;q=abc, br;q=-1, *;q=2'],
        ['Range', 'bytes=-1-2,999999999999-'],
        ['User-Agent', utf8Bytes('Mozilla/5.0 (\u202e😀)')],
      ],
    },
    { category: 'oversized', name: '12 KB of cookies', headers: [['Cookie', Array.from({ length: 400 }, (_, i) => `c${i}=${'v'.repeat(22)}`).join('; ')]] },
  ];
}

/** Request lines and Host headers that are wrong for the whole server, sent to a few sample paths. */
export function requestLineCases(port: number): RequestLineCase[] {
  const hostOnly = (category: Category, name: string, host: RequestLineCase['host']): RequestLineCase => ({ category, name, method: 'GET', target: '{path}', host });
  return [
    hostOnly('malformed', 'Host port out of range', 'aurora.localhost:99999'),
    hostOnly('wrongType', 'Host port not a number', 'aurora.localhost:abc'),
    hostOnly('empty', 'Host port empty', 'aurora.localhost:'),
    hostOnly('empty', 'Host empty', ''),
    hostOnly('empty', 'no Host header', null),
    hostOnly('malformed', 'two Host headers', ['{host}', 'solana.localhost']),
    hostOnly('unicode', 'Host with a Cyrillic letter', utf8Bytes(`аurora.localhost:${port}`)),
    hostOnly('oversized', 'Host of 2 KB', `${'a'.repeat(2000)}.localhost:${port}`),
    hostOnly('malformed', 'Host with userinfo', `aurora.localhost@evil.example:${port}`),
    hostOnly('malformed', 'Host with a path', `aurora.localhost:${port}/evil`),
    hostOnly('malformed', 'Host as a list', `evil.example, aurora.localhost:${port}`),
    hostOnly('malformed', 'Host IPv6 literal', `[::1]:${port}`),
    hostOnly('unicode', 'Host upper case with a trailing dot', `AURORA.LOCALHOST.:${port}`),
    { category: 'oversized', name: '20 KB target', method: 'GET', target: `{path}?event=${'A'.repeat(20_000)}`, host: '{host}' },
    { category: 'malformed', name: 'absolute-form target, other tenant', method: 'GET', target: `http://solana.localhost:${port}{path}`, host: '{host}' },
    { category: 'malformed', name: 'absolute-form target, same host', method: 'GET', target: `http://{host}{path}`, host: '{host}' },
    { category: 'malformed', name: 'absolute-form target, foreign site', method: 'GET', target: 'https://evil.example/', host: '{host}' },
    { category: 'malformed', name: 'asterisk-form target', method: 'OPTIONS', target: '*', host: '{host}' },
    { category: 'malformed', name: 'dot-segments to another site', method: 'GET', target: '/..//evil.example', host: '{host}' },
    { category: 'malformed', name: 'protocol-relative target', method: 'GET', target: '//evil.example/', host: '{host}' },
    { category: 'malformed', name: 'backslash target', method: 'GET', target: '/\\evil.example', host: '{host}' },
    { category: 'malformed', name: 'encoded slashes and dots', method: 'GET', target: '/%2e%2e%2f%2F%2Fevil.example{path}', host: '{host}' },
    { category: 'nulCrlf', name: 'encoded NUL and CR/LF in the path', method: 'GET', target: '{path}%00%0d%0aX-Injected:%20yes', host: '{host}' },
    { category: 'nulCrlf', name: 'raw NUL in the target', method: 'GET', target: '{path}?a=\u0000', host: '{host}' },
    { category: 'unicode', name: 'raw UTF-8 path', method: 'GET', target: utf8Bytes('{path}/ü😀'), host: '{host}' },
    { category: 'wrongType', name: 'unknown method', method: 'FOO', target: '{path}', host: '{host}' },
    { category: 'wrongType', name: 'lower-case method', method: 'get', target: '{path}', host: '{host}' },
  ];
}

/** Methods every endpoint is sent besides its own GET/POST. */
export const EXTRA_METHODS = ['HEAD', 'OPTIONS', 'DELETE'] as const;

// ---------------------------------------------------------------------------------------------
// Chat socket frames
// ---------------------------------------------------------------------------------------------

export interface FrameCase {
  category: Category;
  name: string;
  frameType: string;
  /** Sent as a text frame, or as bytes (binary frame). */
  data: string | Buffer;
}

type ZodNode = { _zod: { def: { type: string; innerType?: ZodNode } } };
function baseType(schema: ZodNode): string {
  let node = schema;
  while (['default', 'optional', 'nullable', 'prefault', 'nonoptional'].includes(node._zod.def.type) && node._zod.def.innerType) node = node._zod.def.innerType;
  return node._zod.def.type;
}

const WRONG_FOR: Record<string, string> = { string: '12345', boolean: '"yes"', array: '"not-a-list"', number: '"NaN"' };

/** A socket protocol's client frames: a discriminated union of objects with a literal `type`. */
interface FrameUnion {
  options: ReadonlyArray<{ shape: Record<string, unknown> }>;
}

/** Every client frame type of a socket protocol (the chat's by default), each in every category. */
export function frameCases(schema: FrameUnion = clientFrameSchema): FrameCase[] {
  const cases: FrameCase[] = [];
  let n = 0;
  const id = () => `fz${(n++).toString(36).padStart(6, '0')}`;
  for (const option of schema.options) {
    const shape = option.shape as Record<string, ZodNode>;
    const type = (option.shape.type as unknown as { value: string }).value;
    const fields = Object.keys(shape).filter((k) => k !== 'type');
    const strings = fields.filter((k) => baseType(shape[k]!) === 'string' && k !== 'clientId');
    const obj = (literal: (f: string) => string) => `{"type":${JSON.stringify(type)},${fields.map((f) => `${JSON.stringify(f)}:${literal(f)}`).join(',')}}`.replace(',}', '}');
    const withId = (literal: (f: string) => string) => obj((f) => (f === 'clientId' ? JSON.stringify(id()) : literal(f)));
    const add = (category: Category, name: string, data: string | Buffer) => cases.push({ category, name, frameType: type, data });
    add('empty', 'type only', JSON.stringify({ type }));
    add('empty', 'empty strings', withId((f) => (baseType(shape[f]!) === 'string' ? '""' : 'null')));
    add('wrongType', 'every field the wrong type', obj((f) => WRONG_FOR[baseType(shape[f]!)] ?? '{}'));
    add('wrongType', 'binary frame', Buffer.from(JSON.stringify({ type })));
    add('malformed', 'truncated JSON', `{"type":${JSON.stringify(type)},"clientId":"${id()}","`);
    add('malformed', 'extra fields and prototype keys', withId((f) => (baseType(shape[f]!) === 'boolean' ? 'true' : '"000000000001"')).replace(/}$/, ',"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'));
    if (strings.length) add('oversized', '15 KB string', withId((f) => (strings.includes(f) ? JSON.stringify('A'.repeat(15_000)) : baseType(shape[f]!) === 'boolean' ? 'false' : '[]')));
    add('oversized', 'frame above the 16 KB limit', withId(() => JSON.stringify('A'.repeat(17_000))));
    add('nested', '4000-deep arrays', withId(() => `${'['.repeat(4000)}${']'.repeat(4000)}`));
    add('nulCrlf', 'NUL and CR/LF', withId((f) => (baseType(shape[f]!) === 'string' ? NUL_CRLF_JSON : baseType(shape[f]!) === 'boolean' ? 'true' : '[]')));
    add('unicode', 'lone surrogates and overrides', withId((f) => (baseType(shape[f]!) === 'string' ? UNICODE_JSON : baseType(shape[f]!) === 'boolean' ? 'false' : `[${UNICODE_JSON}]`)));
  }
  return cases;
}
