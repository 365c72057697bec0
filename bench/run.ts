// `npm run bench`: every benchmark, each printing its figures; `npm run bench -- join rooms` runs only those
// (a name also runs its parts: `speech` runs speech-tts and any other speech-…). Exit code 1 when a target is missed.
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

const suites: Record<string, () => Promise<boolean>> = { ssr: benchSsr, auth: benchAuth, events: benchEvents, tokens: benchTokens, chat: benchChat, join: benchJoin, roomdata: benchRoomdata, rooms: benchRooms, media: benchMedia, streaming: benchStreaming, checkout: benchCheckout, registry: benchRegistry, fleet: benchFleet, 'speech-stt': benchSpeechStt, 'speech-tts': benchSpeechTts, engagement: benchEngagement, analytics: benchAnalytics, lighthouse: benchLighthouse };
const only = process.argv.slice(2);
let ok = true;
for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.some((o) => name === o || name.startsWith(`${o}-`))) continue;
  ok = (await run()) && ok;
}
process.exit(ok ? 0 : 1);
