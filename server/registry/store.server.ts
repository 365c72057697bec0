/**
 * The published registry's objects in S3 (docs/decisions/0075), gzipped JSON:
 *   platform/registry/versions/<n>.json.gz        every tenant's id, bundle hash and parsed config, the themes
 *   platform/registry/tenants/<id>/<hash>.json.gz  one tenant's content and assets
 *   platform/registry/templates/<hash>.json.gz     the legal templates every tenant may use
 * Bundles are named by their hash, so a version only adds the bundles that changed.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Storage } from '#server/platform/storage.server';
import type { Tenant } from '#app/lib/config/tenant';
import type { Theme } from '#app/lib/config/theme';
import type { Files } from './snapshot.server';

export const REGISTRY_FORMAT = 1;

export interface PublishedTenant {
  id: string;
  hash: string;
  config: Tenant;
}

export interface PublishedVersion {
  format: typeof REGISTRY_FORMAT;
  version: number;
  publishedAt: string;
  /** schemaFingerprint() of the code that validated it. */
  schema: string;
  themes: Theme[];
  /** The shared part's hash (themes and templates): names the templates bundle, and changes with either. */
  templates: string;
  tenants: PublishedTenant[];
}

const PREFIX = 'platform/registry';
export const versionKey = (version: number) => `${PREFIX}/versions/${version}.json.gz`;
export const tenantBundleKey = (id: string, hash: string) => `${PREFIX}/tenants/${id}/${hash}.json.gz`;
export const templatesKey = (hash: string) => `${PREFIX}/templates/${hash}.json.gz`;

export async function putRegistryObject(storage: Storage, key: string, value: unknown): Promise<void> {
  await storage.client.send(
    new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: gzipSync(JSON.stringify(value)), ContentType: 'application/json', ContentEncoding: 'gzip' }),
  );
}

export async function getRegistryObject<T>(storage: Storage, key: string): Promise<T> {
  const out = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
  if (!out.Body) throw new Error(`registry object ${key} is empty`);
  return JSON.parse(gunzipSync(Buffer.from(await out.Body.transformToByteArray())).toString('utf8')) as T;
}

export async function registryObjectExists(storage: Storage, key: string): Promise<boolean> {
  try {
    await storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: key }));
    return true;
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (e as Error).name === 'NotFound') return false;
    throw e;
  }
}

/** A bundle's files: base64 by path. */
export interface FilesBundle {
  files: Files;
}
