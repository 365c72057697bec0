import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { SYSTEM_TENANT_ID } from '#app/lib/config/tenant';
import { demoCaptionsVtt } from '#app/lib/playback/demo';
import { chaptersFromDescription } from '#app/lib/playback/chapters';
import { tenantData } from '#server/data/tenantData.server';
import { getFixedT } from '#server/i18n.server';
import { findPlayerDemo } from '#server/media/playback/demo.server';
import { signedUrlSeconds } from '#server/media/view.server';
import { NO_STORE } from '#server/media/playback/item.server';

/**
 * /nuevoPlayerDemoPage: the player with the platform's sample (a system video the local stack made
 * with ffmpeg), its MP4 and poster signed, captions in the page's language and a few chapters.
 * Before the sample exists or while it is processed, the page says so.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = await getFixedT(context.languageTag);
  const system = tenantData(context.services, SYSTEM_TENANT_ID);
  const item = await findPlayerDemo(system.media);
  const base = { title: t('playback.titles.nuevoPlayerDemoPage') };
  if (!item) return json({ ...base, state: 'missing' as const, sample: null }, { headers: NO_STORE });
  const { mp4, poster, durationSeconds, width, height } = item.derived;
  if (item.status !== 'ready' || !mp4) return json({ ...base, state: item.status === 'failed' ? ('missing' as const) : ('preparing' as const), sample: null }, { headers: NO_STORE });
  const expiresIn = signedUrlSeconds(durationSeconds);
  const [mp4Url, posterUrl] = await Promise.all([system.files.presignDownload({ key: mp4.key, expiresIn }), poster ? system.files.presignDownload({ key: poster.key, expiresIn }) : null]);
  const stretch = t('playback.titles.nuevoPlayerDemoPage');
  const seconds = Math.floor(durationSeconds ?? 24);
  const third = Math.max(1, Math.floor(seconds / 3));
  return json(
    {
      ...base,
      state: 'ready' as const,
      sample: {
        id: item.id,
        // The platform's own sample: named in the page's language, not by its stored (English) title.
        title: t('playback.demo.sampleTitle'),
        mp4: mp4Url,
        poster: posterUrl,
        width: width ?? 1280,
        height: height ?? 720,
        captionsVtt: demoCaptionsVtt([
          { from: 0, to: third, text: `${stretch} — 1` },
          { from: third, to: 2 * third, text: `${stretch} — 2` },
          { from: 2 * third, to: seconds, text: `${stretch} — 3` },
        ]),
        chapters: chaptersFromDescription(`0:00 ${stretch} 1\n0:${String(third).padStart(2, '0')} ${stretch} 2\n0:${String(2 * third).padStart(2, '0')} ${stretch} 3`, durationSeconds),
      },
    },
    { headers: NO_STORE },
  );
}
