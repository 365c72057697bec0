// bench/speech-tts: text to speech over the platform's socket (/ws/tts, docs/decisions/0046). The
// real server process (NODE_ENV=production tsx server/index.ts, loopback only) on a temporary local
// stack with cognito-local; one signed-in member with Amplify's cookies and a same-origin Origin,
// as a browser. Per language, BENCH_TTS_RUNS (10) readings of a fixed sentence, one at a time on
// one socket: time from the speak frame to the first audio byte, and synthesis speed (seconds of
// audio ÷ seconds from the speak frame to the end frame, × real time). The deployment's engine
// (SPEECH_PROVIDER; locally espeak-ng). Target: median first audio byte ≤ 300 ms in every language.
import WebSocket from 'ws';
import { loadRegistry } from '#server/config/registry.server';
import { getFreePort } from '#local/stack/ports';
import { TTS_SOCKET_PATH, type TtsServerFrame } from '#app/lib/speech/ttsProtocol';
import type { SpeechLanguage } from '#app/lib/speech/languages';
import { withBenchStack } from './app-stack';
import { table, waitForHttp } from './lib';
import { signedInUsers } from '#tests/support/signedInUsers';

const TENANT = process.env.BENCH_TENANT ?? 'aurora';
const RUNS = Number(process.env.BENCH_TTS_RUNS ?? 10);
const TARGET_FIRST_BYTE_MS = 300;
/** About 10 s of speech each. */
const SENTENCES: Record<SpeechLanguage, string> = {
  en: 'Welcome to tonight’s session. We will start with a short introduction, then take your questions in the chat for about twenty minutes.',
  es: 'Bienvenidos a la sesión de esta noche. Empezaremos con una breve introducción y luego responderemos sus preguntas del chat durante unos veinte minutos.',
  fr: 'Bienvenue à la séance de ce soir. Nous commencerons par une courte introduction, puis nous répondrons à vos questions du chat pendant une vingtaine de minutes.',
};

interface Reading {
  firstByteMs: number;
  totalMs: number;
  audioSeconds: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function openSocket(url: string, host: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Host: host, Cookie: cookie }, origin: `http://${host}`, perMessageDeflate: false });
    ws.once('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as TtsServerFrame;
      if (frame.type === 'ready') resolve(ws);
      else reject(new Error(`first frame: ${data.toString()}`));
    });
    ws.once('error', reject);
  });
}

function read(ws: WebSocket, id: string, text: string, language: SpeechLanguage): Promise<Reading> {
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    let firstByteMs = -1;
    const onMessage = (data: Buffer, isBinary: boolean) => {
      if (isBinary) {
        if (firstByteMs < 0) firstByteMs = performance.now() - sent;
        return;
      }
      const frame = JSON.parse(data.toString()) as TtsServerFrame;
      if (frame.type === 'end' && frame.id === id) {
        ws.off('message', onMessage);
        resolve({ firstByteMs, totalMs: performance.now() - sent, audioSeconds: frame.seconds });
      } else if (frame.type === 'error') {
        ws.off('message', onMessage);
        reject(new Error(`reading ${id} failed: ${frame.code}`));
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'speak', id, text, language }));
  });
}

export async function benchSpeechTts(): Promise<boolean> {
  const { registry } = loadRegistry(process.cwd());
  if (!registry) throw new Error('invalid tenant configuration');
  const appPort = await getFreePort();
  const ports = { dynamoPort: await getFreePort(), s3Port: await getFreePort(), cognitoPort: await getFreePort(), tenantIds: [...registry.tenants.keys()], appPort };
  return withBenchStack('speech-tts', ports, async ({ stack, startApp }) => {
    startApp();
    const host = `${TENANT}.localhost:${appPort}`;
    await waitForHttp(`http://127.0.0.1:${appPort}/api/health`, { Host: host });
    const [cookie] = await signedInUsers(stack, TENANT, 1, 'tts');
    const ws = await openSocket(`ws://127.0.0.1:${appPort}${TTS_SOCKET_PATH}`, host, cookie!);
    const rows: Array<Record<string, string | number>> = [];
    let ok = true;
    try {
      let n = 0;
      for (const language of Object.keys(SENTENCES) as SpeechLanguage[]) {
        await read(ws, `warm${language}`, SENTENCES[language], language); // the engine's first start is not the steady state
        const readings: Reading[] = [];
        for (let i = 0; i < RUNS; i++) readings.push(await read(ws, `b${n++}`, SENTENCES[language], language));
        const firstByte = median(readings.map((r) => r.firstByteMs));
        const speed = median(readings.map((r) => r.audioSeconds / (r.totalMs / 1000)));
        const met = firstByte <= TARGET_FIRST_BYTE_MS;
        ok &&= met;
        rows.push({
          language,
          'audio (s)': readings[0]!.audioSeconds.toFixed(1),
          'first byte p50 (ms)': firstByte.toFixed(0),
          'first byte max (ms)': Math.max(...readings.map((r) => r.firstByteMs)).toFixed(0),
          'synthesis p50 (ms)': median(readings.map((r) => r.totalMs)).toFixed(0),
          'speed (× real time)': speed.toFixed(1),
          target: met ? `met (≤ ${TARGET_FIRST_BYTE_MS} ms)` : `MISSED (> ${TARGET_FIRST_BYTE_MS} ms)`,
        });
      }
    } finally {
      ws.close();
    }
    console.log(`\nbench/speech-tts: ${RUNS} readings per language over ${TTS_SOCKET_PATH}, one at a time, engine of SPEECH_PROVIDER (${process.env.SPEECH_PROVIDER ?? 'local'})\n`);
    console.log(table(rows));
    return ok;
  });
}
