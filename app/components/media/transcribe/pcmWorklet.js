/**
 * AudioWorklet of the dictation page: the microphone's float samples at the context's rate,
 * low-passed by averaging and resampled to 16 kHz mono signed 16-bit PCM, posted to the page in
 * 250 ms chunks (transferred, not copied) with the chunk's level for the meter.
 * Plain JavaScript: the browser loads it as a module of its own, served from this site.
 */
/* global sampleRate, registerProcessor, AudioWorkletProcessor */
const TARGET_RATE = 16000;
const CHUNK_SAMPLES = 4000;

class Pcm16kProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / TARGET_RATE;
    this.position = 0;
    this.sum = 0;
    this.count = 0;
    this.out = new Int16Array(CHUNK_SAMPLES);
    this.filled = 0;
    this.energy = 0;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) return true;
    for (let i = 0; i < channel.length; i++) {
      this.sum += channel[i];
      this.count++;
      this.position += 1;
      if (this.position >= this.step) {
        this.position -= this.step;
        const value = Math.max(-1, Math.min(1, this.sum / this.count));
        this.sum = 0;
        this.count = 0;
        this.out[this.filled++] = value < 0 ? value * 0x8000 : value * 0x7fff;
        this.energy += value * value;
        if (this.filled === CHUNK_SAMPLES) {
          const level = Math.sqrt(this.energy / CHUNK_SAMPLES);
          this.port.postMessage({ pcm: this.out.buffer, level }, [this.out.buffer]);
          this.out = new Int16Array(CHUNK_SAMPLES);
          this.filled = 0;
          this.energy = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor('pcm-16k', Pcm16kProcessor);
