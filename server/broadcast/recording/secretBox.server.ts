/**
 * AES-256-GCM for secrets the server must give back to a service later (restream stream keys):
 * a fresh 12-byte IV per value, the 16-byte tag checked on opening, the tenant and event bound in
 * as associated data so a value copied to another tenant's or event's row does not open there.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export class SecretBox {
  private readonly key: Buffer;

  constructor(secretBase64: string) {
    this.key = Buffer.from(secretBase64, 'base64');
    if (this.key.length !== 32) throw new Error('the recording key secret must be 32 bytes');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain value, or null when the value was altered, sealed under another key or another context. */
  open(sealed: string, context: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
