/**
 * The speech engines per tenant (docs/decisions/0100): a tenant's `speech.engine` picks Amazon
 * Polly and Transcribe or the local engines, unset it follows SPEECH_PROVIDER, one tenant's choice
 * never reaches another, the AWS set is built only when some tenant uses it, and without AWS
 * credentials that set knows no language or voice and refuses every call as an engine error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { tenantSchema } from '#app/lib/config/tenant';
import { checkSpeech, degradedServices } from '#server/compose.server';
import { awsSpeechAvailable, createSpeechServices, type TenantSpeechSetting } from './engines.server';
import { isSpeechEngineError } from './types';

const local = { SPEECH_PROVIDER: 'local' as const, SPEECH_WORKER_URLS: undefined };
const onAws: TenantSpeechSetting = { id: 'north', speech: { engine: 'aws' } };
const onLocal: TenantSpeechSetting = { id: 'south', speech: { engine: 'local' } };
const unset: TenantSpeechSetting = { id: 'east', speech: {} };

describe('speech engines per tenant', () => {
  it('gives a tenant on aws the Polly and Transcribe engines, one on local the local ones', () => {
    const speech = createSpeechServices(local, { awsAvailable: true });
    expect(speech.forTenant(onAws).tts.name).toBe('aws-polly');
    expect(speech.forTenant(onAws).stt.name).toBe('aws-transcribe');
    expect(speech.forTenant(onAws).stt.languages()).toEqual(['en', 'es', 'fr']);
    expect(speech.forTenant(onAws).tts.voices('fr').map((v) => v.id)).toContain('Lea');
    expect(speech.forTenant(onLocal).tts.name).toBe('flite+espeak-ng');
    expect(speech.forTenant(onLocal).stt.name).toBe('pocketsphinx');
    const withWorkers = createSpeechServices({ ...local, SPEECH_WORKER_URLS: 'http://127.0.0.1:9' }, { awsAvailable: true });
    expect(withWorkers.forTenant(onLocal).stt.name).toBe('whisper-base');
  });

  it('a tenant that does not choose follows the deployment (SPEECH_PROVIDER), whichever it is', () => {
    expect(createSpeechServices(local, { awsAvailable: true }).forTenant(unset).stt.name).toBe('pocketsphinx');
    expect(createSpeechServices(local, { awsAvailable: true }).forTenant({ id: 'west' }).tts.name).toBe('flite+espeak-ng');
    const awsDeployment = createSpeechServices({ ...local, SPEECH_PROVIDER: 'aws' }, { awsAvailable: true });
    expect(awsDeployment.forTenant(unset).stt.name).toBe('aws-transcribe');
    expect(awsDeployment.stt.name).toBe('aws-transcribe');
    // A tenant may still keep the local engines on an aws deployment.
    expect(awsDeployment.forTenant(onLocal).stt.name).toBe('pocketsphinx');
  });

  it('one tenant choosing aws never changes what another tenant gets, in either order', () => {
    const speech = createSpeechServices(local, { awsAvailable: true });
    const before = speech.forTenant(onLocal);
    expect(speech.forTenant(onAws).stt.name).toBe('aws-transcribe');
    expect(speech.forTenant(onLocal)).toBe(before);
    expect(speech.forTenant(unset).stt.name).toBe('pocketsphinx');
    expect(speech.forTenant(onAws).stt).not.toBe(speech.forTenant(unset).stt);
    // The deployment-wide default is not touched by a tenant's choice either.
    expect(speech.stt.name).toBe('pocketsphinx');
    expect(speech.engineOf(onAws)).toBe('aws');
    expect(speech.engineOf(onLocal)).toBe('local');
    expect(speech.engineOf(unset)).toBe('local');
  });

  it('builds the AWS clients only when a tenant uses aws, once', () => {
    const aws = vi.fn(() => ({ tts: { name: 'polly-recorded', sampleRate: 16000, voices: () => [], synthesize: async function* () {} }, stt: { name: 'transcribe-recorded', languages: () => [], transcribe: () => Promise.reject(new Error('unused')) } }));
    const speech = createSpeechServices(local, { awsAvailable: true, aws });
    speech.forTenant(onLocal);
    speech.forTenant(unset);
    expect(aws).not.toHaveBeenCalled();
    expect(speech.forTenant(onAws).tts.name).toBe('polly-recorded');
    speech.forTenant({ id: 'other', speech: { engine: 'aws' } });
    expect(aws).toHaveBeenCalledTimes(1);
  });

  it('without AWS credentials a tenant on aws gets no language and no voice, and a call is refused as an engine error (503), never text', async () => {
    const speech = createSpeechServices(local, { awsAvailable: false, aws: () => { throw new Error('the clients must not be built') } });
    const { tts, stt } = speech.forTenant(onAws);
    expect(stt.languages()).toEqual([]);
    expect(stt.detectsLanguage).not.toBe(true);
    expect(tts.voices()).toEqual([]);
    const heard = await stt.transcribe(Buffer.alloc(3200), 'auto').then(() => null, (e: unknown) => e);
    expect(isSpeechEngineError(heard)).toBe(true);
    const spoken = await (async () => {
      for await (const chunk of tts.synthesize({ text: 'hola', language: 'es' })) return chunk;
      return null;
    })().then(() => null, (e: unknown) => e);
    expect(isSpeechEngineError(spoken)).toBe(true);
    // The tenant beside it keeps its local engines.
    expect(speech.forTenant(onLocal).stt.languages()).toEqual(['en']);
  });

  it('counts AWS credentials only where the chain has a source of its own, not the local stand-ins’ keys', () => {
    expect(awsSpeechAvailable({})).toBe(false);
    expect(awsSpeechAvailable({ AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: '/v2/credentials/x' })).toBe(true);
    expect(awsSpeechAvailable({ AWS_WEB_IDENTITY_TOKEN_FILE: '/var/run/token' })).toBe(true);
    expect(awsSpeechAvailable({ AWS_PROFILE: 'events' })).toBe(true);
    expect(awsSpeechAvailable({ AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 's' })).toBe(true);
    expect(awsSpeechAvailable({ AWS_ACCESS_KEY_ID: 'AKID' })).toBe(false);
    // The local stack: keys for its DynamoDB and S3 stand-ins.
    expect(awsSpeechAvailable({ AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000', S3_ENDPOINT: 'http://127.0.0.1:4569' })).toBe(false);
    // This test process runs beside the isolated local stack: no AWS speech here.
    expect(awsSpeechAvailable(process.env)).toBe(false);
  });

  it('tenant.json takes speech.engine local or aws, absent by default, and names the field of anything else', () => {
    const aurora = JSON.parse(readFileSync('tenants/aurora/tenant.json', 'utf8')) as Record<string, unknown>;
    expect(tenantSchema.parse(aurora).speech).toEqual({});
    expect(tenantSchema.parse({ ...aurora, speech: { engine: 'aws' } }).speech.engine).toBe('aws');
    const { speech: _omitted, ...without } = aurora;
    expect(tenantSchema.parse(without).speech).toEqual({});
    for (const speech of [{ engine: 'google' }, { engine: 'aws', region: 'eu-west-1' }]) {
      const result = tenantSchema.safeParse({ ...aurora, speech });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([speech.engine === 'google' ? 'speech.engine' : 'speech']);
    }
  });

  it('health says which engines serve the deployment and each tenant', async () => {
    const tenants = [onAws, onLocal, unset];
    const speech = createSpeechServices(local, { awsAvailable: false, tenants: () => tenants });
    const expected = {
      default: 'local',
      sets: { local: { tts: 'flite+espeak-ng', stt: 'pocketsphinx', available: true }, aws: { tts: 'aws-polly', stt: 'aws-transcribe', available: false } },
      tenants: { north: 'aws', south: 'local', east: 'local' },
    };
    expect(await checkSpeech(speech)).toEqual({ state: 'absent', engine: 'pocketsphinx', engines: expected });
    // Given the deployment's default recogniser only (as /api/health hands it), the same report.
    expect(await checkSpeech(speech.stt)).toEqual({ state: 'absent', engine: 'pocketsphinx', engines: expected });
    // /api/health's message names what the aws tenants lack; with AWS reachable, or no tenant on aws, nothing.
    const up = { video: { state: 'absent' as const, url: '' }, mediaQueue: { state: 'absent' as const }, chatBus: { state: 'absent' as const } };
    expect(degradedServices({ ...up, speech: await checkSpeech(speech) })).toEqual(['aws speech (no AWS credentials: tenants on aws have no speech)']);
    const reachable = createSpeechServices(local, { awsAvailable: true, aws: () => speech.engines('aws'), tenants: () => tenants });
    expect(degradedServices({ ...up, speech: await checkSpeech(reachable) })).toEqual([]);
    // No tenant on aws: only the local set is named (and no AWS client is built for the report).
    const aws = vi.fn();
    const allLocal = createSpeechServices(local, { awsAvailable: true, aws, tenants: () => [onLocal, unset] });
    expect((await checkSpeech(allLocal)).engines).toEqual({ default: 'local', sets: { local: { tts: 'flite+espeak-ng', stt: 'pocketsphinx', available: true } }, tenants: { south: 'local', east: 'local' } });
    expect(aws).not.toHaveBeenCalled();
  });
});
