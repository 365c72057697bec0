/** Reading and writing the identity cookies (Amplify's token cookies, the refresh cookie, the social sign-in state). */

export interface CookieOptions {
  maxAge: number;
  path: string;
  sameSite: 'Strict' | 'Lax';
  httpOnly: boolean;
  secure: boolean;
}

/** A Set-Cookie value; name and value are URI-encoded (what Amplify's CookieStorage reads back). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `Max-Age=${options.maxAge}`,
    `Path=${options.path}`,
    `SameSite=${options.sameSite}`,
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

/** One cookie's decoded value from a Cookie header, or null (also for a value that does not decode). */
export function readCookie(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}
