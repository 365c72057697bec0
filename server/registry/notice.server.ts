/** Tells running instances that a new registry version is out (they also poll: a lost notice only delays it). */
import { Redis } from 'ioredis';
import { REGISTRY_CHANNEL } from './live.server';

export async function announceRegistryVersion(redisUrl: string, version: number): Promise<number> {
  const client = new Redis(redisUrl, { connectionName: 'registry-publish', maxRetriesPerRequest: 2, lazyConnect: true });
  try {
    await client.connect();
    // The number of instances listening.
    return await client.publish(REGISTRY_CHANNEL, String(version));
  } finally {
    client.disconnect();
  }
}
