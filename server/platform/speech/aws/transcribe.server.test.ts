/**
 * Amazon Transcribe Streaming offline: the SDK pointed at a local recorder, an HTTP/2 server that
 * reads the signed event stream of audio events (with the SDK's own event-stream codec) and answers
 * TranscriptEvents as the service does; and the mapping of results to a Transcript on its own.
 */
import { createServer, type Http2Server } from 'node:http2';
import { TranscribeStreamingClient, type Result } from '@aws-sdk/client-transcribe-streaming';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_EVENT_BYTES, createTranscribeStt, transcriptFromResults } from './transcribe.server';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** Splits a byte stream into event-stream messages (each starts with its total length). */
function messages(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at + 4 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    out.push(bytes.subarray(at, at + length));
    at += length;
  }
  return out;
}

const item = (Content: string, StartTime: number, EndTime: number, Type: 'pronunciation' | 'punctuation' = 'pronunciation') => ({ Content, StartTime, EndTime, Type, Confidence: Type === 'punctuation' ? 0 : 0.9 });

const RESULTS: Result[] = [
  { ResultId: 'r1', IsPartial: true, StartTime: 0.1, EndTime: 0.6, Alternatives: [{ Transcript: 'hello', Items: [item('hello', 0.1, 0.6)] }] },
  {
    ResultId: 'r1',
    IsPartial: false,
    StartTime: 0.1,
    EndTime: 1.2,
    Alternatives: [{ Transcript: 'Hello world.', Items: [item('Hello', 0.1, 0.6), item('world', 0.7, 1.2), item('.', 1.2, 1.2, 'punctuation')] }],
  },
  { ResultId: 'r2', IsPartial: false, StartTime: 1.5, EndTime: 1.9, Alternatives: [{ Transcript: 'Again', Items: [item('Again', 1.5, 1.9)] }] },
];

interface Recorded {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  audio: Buffer[];
}

let server: Http2Server;
let port: number;
const recorded: Recorded[] = [];

beforeAll(async () => {
  server = createServer();
  server.on('stream', (stream, headers) => {
    const record: Recorded = { path: String(headers[':path']), headers, audio: [] };
    recorded.push(record);
    const body: Buffer[] = [];
    stream.on('data', (c: Buffer) => body.push(c));
    stream.on('end', () => {
      // Each signed envelope carries one audio event; the last envelope is empty (end of audio).
      for (const envelope of messages(Buffer.concat(body))) {
        const outer = codec.decode(envelope);
        if (!outer.body.length) continue;
        const inner = codec.decode(outer.body);
        if (inner.headers[':event-type']?.value === 'AudioEvent') record.audio.push(Buffer.from(inner.body));
      }
      stream.respond({ ':status': 200, 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-request-id': 'local-1' });
      const event = (payload: unknown) =>
        codec.encode({
          headers: { ':message-type': { type: 'string', value: 'event' }, ':event-type': { type: 'string', value: 'TranscriptEvent' }, ':content-type': { type: 'string', value: 'application/json' } },
          body: fromUtf8(JSON.stringify(payload)),
        });
      for (const result of RESULTS) stream.write(event({ Transcript: { Results: [result] } }));
      stream.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Amazon Transcribe Streaming adapter', () => {
  it('maps final results to a Transcript with word timings (partials dropped, punctuation kept in the text only)', () => {
    const transcript = transcriptFromResults(RESULTS, 'en', 2);
    expect(transcript).toEqual({
      language: 'en',
      text: 'Hello world. Again',
      durationSeconds: 2,
      words: [
        { word: 'Hello', start: 0.1, end: 0.6, confidence: 0.9 },
        { word: 'world', start: 0.7, end: 1.2, confidence: 0.9 },
        { word: 'Again', start: 1.5, end: 1.9, confidence: 0.9 },
      ],
    });
    expect(transcriptFromResults([], 'fr', 0)).toEqual({ language: 'fr', text: '', words: [], durationSeconds: 0 });
  });

  it('streams the PCM as 100 ms audio events in a signed StartStreamTranscription and reads the results', async () => {
    const client = new TranscribeStreamingClient({ region: 'eu-west-1', endpoint: `http://127.0.0.1:${port}`, credentials: { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' }, maxAttempts: 1 });
    const stt = createTranscribeStt(client);
    expect(stt.languages()).toEqual(['en', 'es', 'fr']);
    const pcm = Buffer.alloc(16000 * 2 * 2 + 100); // two seconds and a bit
    for (let i = 0; i < pcm.length; i++) pcm[i] = i % 251;
    const progress: number[] = [];
    const transcript = await stt.transcribe(pcm, 'es', { onProgress: (f) => progress.push(f) });
    expect(transcript.text).toBe('Hello world. Again');
    expect(transcript.words.map((w) => w.word)).toEqual(['Hello', 'world', 'Again']);
    expect(transcript.durationSeconds).toBeCloseTo(pcm.length / 32000, 5);
    expect(progress.at(-1)).toBe(1);
    const request = recorded.at(-1)!;
    expect(request.path).toBe('/stream-transcription');
    expect(request.headers['x-amzn-transcribe-language-code']).toBe('es-US');
    expect(request.headers['x-amzn-transcribe-sample-rate']).toBe('16000');
    expect(request.headers['x-amzn-transcribe-media-encoding']).toBe('pcm');
    expect(String(request.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDLOCAL\/\d{8}\/eu-west-1\/transcribe\/aws4_request/);
    expect(request.audio.every((a, i) => a.length === (i < request.audio.length - 1 ? AUDIO_EVENT_BYTES : pcm.length % AUDIO_EVENT_BYTES))).toBe(true);
    expect(Buffer.concat(request.audio).equals(pcm)).toBe(true);
  });
});
