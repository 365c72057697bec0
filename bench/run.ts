// `npm run bench`: every benchmark, each printing its figures; `npm run bench -- join rooms` runs only those
// (a name also runs its parts: `speech` runs speech-tts and any other speech-…). Exit code 1 when a target is missed.
// Each run gets a result record (bench/record.ts: target, figure, met, load before and during, figure of record or
// not), a summary table at the end and its place in bench/results/last.json; `npm run bench -- --readme` writes the
// README's table from that file (bench/readme.ts), and `--readme` after names runs them first.
// The pinned AWS SDK runs on Node 20; its notice about future releases needing Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { benchAnalytics } from './analytics';
import { benchAuth } from './auth';
import { benchChat } from './chat';
import { benchCheckout } from './checkout';
import { benchEngagement } from './engagement';
import { benchEvents } from './events';
import { benchJoin } from './join';
import { benchFleet } from './fleet';
import { benchLighthouse } from './lighthouse';
import { benchMedia } from './media';
import { benchRegistry } from './registry';
import { benchRoomdata } from './roomdata';
import { benchRooms } from './rooms';
import { benchSpeechStt } from './speech-stt';
import { benchSpeechTts } from './speech-tts';
import { benchSsr } from './ssr';
import { benchStreaming } from './streaming';
import { benchTokens } from './tokens';
import { updateReadme } from './readme';
import { runRecorded, saveResults, summaryTable } from './record';
import type { BenchResult } from './lib';

const suites: Record<string, () => Promise<boolean>> = { ssr: benchSsr, auth: benchAuth, events: benchEvents, tokens: benchTokens, chat: benchChat, join: benchJoin, roomdata: benchRoomdata, rooms: benchRooms, media: benchMedia, streaming: benchStreaming, checkout: benchCheckout, registry: benchRegistry, fleet: benchFleet, 'speech-stt': benchSpeechStt, 'speech-tts': benchSpeechTts, engagement: benchEngagement, analytics: benchAnalytics, lighthouse: benchLighthouse };
const args = process.argv.slice(2);
const readme = args.includes('--readme');
const only = args.filter((a) => !a.startsWith('--'));
const records: BenchResult[] = [];
if (only.length || !readme) {
  for (const [name, run] of Object.entries(suites)) {
    if (only.length && !only.some((o) => name === o || name.startsWith(`${o}-`))) continue;
    records.push(await runRecorded(name, run));
  }
  saveResults(records);
  console.log(`\nSummary (saved in bench/results/last.json):\n${summaryTable(records)}`);
}
if (readme) {
  updateReadme(Object.keys(suites));
  console.log('README.md: the benchmark table is rewritten from bench/results/last.json');
}
process.exit(records.every((r) => r.met) ? 0 : 1);
