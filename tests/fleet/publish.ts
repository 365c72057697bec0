/**
 * A tenant published while the fleet is busy (issue 27, items 2 and 4): a new tenant scaffolded
 * into a copy of the tenant files, published as a new registry version, and timed until each app
 * instance serves its home page (asked directly, not through the front), then through the front.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { scaffoldTenant } from '#scripts/tenant-new';
import type { Fleet } from '#local/fleet/fleet';
import { getWithHost } from '#tests/support/hostGet';

export interface PublishFigures {
  tenant: string;
  version: number;
  publishSeconds: number;
  /** Seconds from the publish's start until each instance served the new tenant (null: not within the limit). */
  servedAfter: Record<string, number | null>;
  throughFront: boolean;
}

export async function publishNewTenant(fleet: Fleet, id: string, displayName: string, limitSeconds: number): Promise<PublishFigures> {
  const root = mkdtempSync(join(tmpdir(), 'fleet-config-'));
  try {
    for (const folder of ['tenants', 'themes', 'templates']) cpSync(join(process.cwd(), folder), join(root, folder), { recursive: true });
    scaffoldTenant({ id, domain: `${id}.example`, name: displayName, rootDir: root });
    const began = performance.now();
    const seconds = () => (performance.now() - began) / 1000;
    const result = await fleet.publish(root);
    const publishSeconds = seconds();
    const host = `${id}.localhost:${fleet.ports.front}`;
    const servedAfter: Record<string, number | null> = {};
    await Promise.all(
      fleet.apps.map(async (app) => {
        const name = `app ${app.index + 1}`;
        servedAfter[name] = null;
        while (seconds() < limitSeconds) {
          const res = await getWithHost(`http://127.0.0.1:${app.port}/`, host).catch(() => null);
          if (res?.status === 200 && res.text.includes(displayName)) {
            servedAfter[name] = seconds();
            return;
          }
          await sleep(250);
        }
      }),
    );
    const front = await getWithHost(`https://127.0.0.1:${fleet.ports.front}/`, host, { tls: { ca: fleet.front.rootCertificate, servername: `${id}.localhost` } }).catch(() => null);
    return { tenant: id, version: result.version, publishSeconds, servedAfter, throughFront: front?.status === 200 && front.text.includes(displayName) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
