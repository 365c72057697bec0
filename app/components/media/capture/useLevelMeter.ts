/**
 * The microphone's level, 0–100, from a Web Audio AnalyserNode, ten times a second: the RMS of
 * the last ~85 ms of samples (so each reading covers nearly all the sound since the last), held
 * and let fall gently, so a short sound still shows: enough to see the sound is there, few renders.
 */
import { useEffect, useState } from 'react';

export function useLevelMeter(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    const audio = new AudioContext();
    // Created after the click that turned the devices on; resume in case the browser started it suspended.
    void audio.resume().catch(() => undefined);
    const analyser = audio.createAnalyser();
    // 4096 samples: about 85 ms at 48 kHz, close to the 100 ms between readings.
    analyser.fftSize = 4096;
    const input = audio.createMediaStreamSource(stream);
    input.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let shown = 0;
    const timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      const rms = Math.sqrt(sum / samples.length);
      // Speech sits around 0.05–0.3 RMS: scale so a normal voice fills about half the meter.
      const now = Math.min(100, Math.round(rms * 300));
      // Rises at once, falls by a fifth per reading: a short sound stays visible for a moment.
      shown = Math.max(now, Math.floor(shown * 0.8));
      setLevel(shown);
    }, 100);
    return () => {
      window.clearInterval(timer);
      input.disconnect();
      void audio.close().catch(() => undefined);
      setLevel(0);
    };
  }, [stream]);
  return level;
}
