/**
 * Ingest settings shared by the app (key screens) and the ingest worker, from the environment.
 *   INGEST_KEY_SECRET      ≥ 32 characters; keys are derived from it (unset: the key screens say ingest is not configured)
 *   INGEST_RTMP_URL        what encoders push RTMP to (default rtmp://localhost:1935/live)
 *   INGEST_SRT_HOST        the host encoders push SRT to (default localhost)
 *   INGEST_SRT_PORT_FIRST  first port of the SRT listeners (default 9000)
 *   INGEST_SRT_PORTS       how many SRT ports, one per event with an SRT key (default 100)
 */
import { z } from 'zod';

const schema = z.object({
  INGEST_KEY_SECRET: z.string().min(32).optional(),
  INGEST_RTMP_URL: z
    .string()
    .regex(/^rtmps?:\/\/[^\s/]+\/[A-Za-z0-9_-]+$/, 'must be rtmp://host[:port]/<app>')
    .default('rtmp://localhost:1935/live'),
  INGEST_SRT_HOST: z.string().regex(/^[A-Za-z0-9.-]+$/).default('localhost'),
  INGEST_SRT_PORT_FIRST: z.coerce.number().int().min(1024).max(65000).default(9000),
  INGEST_SRT_PORTS: z.coerce.number().int().min(1).max(500).default(100),
});
export type IngestConfig = z.infer<typeof schema>;

let cached: IngestConfig | undefined;
export function ingestConfig(env: NodeJS.ProcessEnv = process.env): IngestConfig {
  if (env === process.env && cached) return cached;
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid ingest settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  if (env === process.env) cached = parsed.data;
  return parsed.data;
}

export const srtPortRange = (c: IngestConfig) => ({ first: c.INGEST_SRT_PORT_FIRST, count: c.INGEST_SRT_PORTS });

/** The SRT URL an encoder pushes to (the passphrase is the key, entered separately). */
export const srtIngestUrl = (c: IngestConfig, port: number) => `srt://${c.INGEST_SRT_HOST}:${port}`;
