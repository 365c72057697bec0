/**
 * Amazon Polly offline: the SDK pointed at a local recorder (an HTTP/2 server, as the SDK's client speaks, answering what
 * SynthesizeSpeech answers: audio/pcm in chunks, or Polly's JSON errors), so the request the
 * adapter sends and its handling of the answer are checked without an AWS account.
 */
import { createServer, type Http2Server, type Http2ServerRequest } from 'node:http2';
import { PollyClient } from '@aws-sdk/client-polly';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPollyTts, POLLY_SAMPLE_RATE, POLLY_VOICES, pollyInput } from './polly.server';

interface Recorded {
  method: string;
  path: string;
  body: Record<string, unknown>;
  authorization: string;
}

let server: Http2Server;
let port: number;
const recorded: Recorded[] = [];
/** What the recorder answers next: PCM bytes sent in uneven chunks, or an error. */
let answer: { pcm: Buffer } | { status: number; type: string; message: string } = { pcm: Buffer.alloc(0) };

const readBody = (req: Http2ServerRequest) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.setEncoding('utf8').on('data', (c: string) => (s += c));
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      recorded.push({ method: req.method ?? '', path: req.url ?? '', body: JSON.parse(body) as Record<string, unknown>, authorization: String(req.headers.authorization ?? '') });
      if ('status' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json', 'x-amzn-errortype': `${answer.type}:` });
        return res.end(JSON.stringify({ message: answer.message }));
      }
      const pcm = answer.pcm;
      res.writeHead(200, { 'content-type': 'audio/pcm', 'x-amzn-requestcharacters': String((JSON.parse(body) as { Text: string }).Text.length) });
      // Odd-sized pieces, as a network delivers them: the adapter must not split a sample.
      for (let at = 0; at < pcm.length; at += 1001) res.write(pcm.subarray(at, at + 1001));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => new PollyClient({ region: 'eu-west-1', endpoint: `http://127.0.0.1:${port}`, credentials: { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' }, maxAttempts: 1 });

async function collect(iterable: AsyncIterable<Buffer>) {
  const parts: Buffer[] = [];
  for await (const part of iterable) parts.push(part);
  return parts;
}

describe('Amazon Polly adapter', () => {
  it('maps a request to SynthesizeSpeech: the voice (neural), PCM at 16 kHz, SSML prosody only for another rate', () => {
    expect(pollyInput({ text: 'Hello', language: 'en' })).toEqual({ VoiceId: 'Joanna', Engine: 'neural', OutputFormat: 'pcm', SampleRate: '16000', TextType: 'text', Text: 'Hello' });
    expect(pollyInput({ text: 'Hola', language: 'es', voiceId: 'Sergio' }).VoiceId).toBe('Sergio');
    // A voice of another language falls back to the language's first voice.
    expect(pollyInput({ text: 'Bonjour', language: 'fr', voiceId: 'Joanna' }).VoiceId).toBe('Lea');
    expect(pollyInput({ text: 'a < b & "c"', language: 'en', rate: 1.5 })).toMatchObject({
      TextType: 'ssml',
      Text: '<speak><prosody rate="150%">a &lt; b &amp; &quot;c&quot;</prosody></speak>',
    });
    for (const language of ['en', 'es', 'fr'] as const) expect(POLLY_VOICES.filter((v) => v.language === language).length).toBeGreaterThanOrEqual(2);
  });

  it('sends a signed SynthesizeSpeech and yields the PCM as it arrives, in whole samples', async () => {
    const pcm = Buffer.alloc(POLLY_SAMPLE_RATE * 2); // one second
    for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin(i / 10)), i * 2);
    answer = { pcm };
    const tts = createPollyTts(client());
    expect(tts.sampleRate).toBe(16000);
    expect(tts.voices('fr').map((v) => v.id)).toEqual(['Lea', 'Remi', 'Gabrielle', 'Liam']);
    const parts = await collect(tts.synthesize({ text: 'Bonjour à tous.', language: 'fr', voiceId: 'Remi' }));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length % 2 === 0)).toBe(true);
    expect(Buffer.concat(parts).equals(pcm)).toBe(true);
    const request = recorded.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/speech');
    expect(request.body).toEqual({ Engine: 'neural', OutputFormat: 'pcm', SampleRate: '16000', Text: 'Bonjour à tous.', TextType: 'text', VoiceId: 'Remi' });
    expect(request.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDLOCAL\/\d{8}\/eu-west-1\/polly\/aws4_request/);
  });

  it('turns a refusal into a SpeechEngineError (the routes answer 503)', async () => {
    answer = { status: 400, type: 'TextLengthExceededException', message: 'too long' };
    const tts = createPollyTts(client());
    await expect(collect(tts.synthesize({ text: 'Hi', language: 'en' }))).rejects.toMatchObject({ name: 'SpeechEngineError', message: expect.stringContaining('TextLengthExceededException') });
  });
});
