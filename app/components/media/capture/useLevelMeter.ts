/**
 * The microphone's level, 0–100, from a Web Audio AnalyserNode (its RMS over the last frame of
 * samples), ten times a second: enough to see that the sound is there, few enough renders.
 */
import { useEffect, useState } from 'react';

export function useLevelMeter(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    const input = audio.createMediaStreamSource(stream);
    input.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      const rms = Math.sqrt(sum / samples.length);
      // Speech sits around 0.05–0.3 RMS: scale so a normal voice fills about half the meter.
      setLevel(Math.min(100, Math.round(rms * 300)));
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
