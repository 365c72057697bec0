/**
 * A short two-note chime as a WAV blob, for "Play a test sound": played through an <audio>
 * element so the chosen speaker (setSinkId) is the one that sounds.
 */
export function chimeWav(sampleRate = 22_050): Blob {
  const notes = [
    { freq: 660, seconds: 0.28 },
    { freq: 880, seconds: 0.42 },
  ];
  const total = Math.round(notes.reduce((s, n) => s + n.seconds, 0) * sampleRate);
  const buffer = new ArrayBuffer(44 + total * 2);
  const view = new DataView(buffer);
  const text = (offset: number, s: string) => [...s].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + total * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, total * 2, true);
  let i = 0;
  for (const note of notes) {
    const n = Math.round(note.seconds * sampleRate);
    for (let k = 0; k < n; k++, i++) {
      // A quick attack and an exponential fade keep the chime free of clicks.
      const envelope = Math.min(1, k / (0.01 * sampleRate)) * Math.exp((-3 * k) / n);
      const sample = Math.sin((2 * Math.PI * note.freq * k) / sampleRate) * envelope * 0.35;
      view.setInt16(44 + i * 2, Math.round(sample * 0x7fff), true);
    }
  }
  return new Blob([buffer], { type: 'audio/wav' });
}
