import type { SpeakRequest } from '#app/lib/speech/ttsProtocol';

export type DownloadResult = { ok: true } | { ok: false; message: string | null };

/** Asks /api/speech/tts for the MP3 and saves it; a refusal comes back with the server's message (already translated). */
export async function downloadMp3(request: SpeakRequest, fileName: string): Promise<DownloadResult> {
  let response: Response;
  try {
    response = await fetch('/api/speech/tts', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request) });
  } catch {
    return { ok: false, message: null };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return { ok: false, message: body?.message ?? null };
  }
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true };
}
