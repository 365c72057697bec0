/**
 * AudioWorklet processor of live captions (docs/decisions/0048): the microphone at the context's
 * rate → 16 kHz mono signed 16-bit PCM, posted to the page every 100 ms as a transferable
 * ArrayBuffer. Each output sample is the mean of the input samples its span covers (a box filter
 * that also keeps speech clear of aliasing well enough for recognition).
 */
/* global AudioWorkletProcessor, sampleRate, registerProcessor */
const TARGET_RATE = 16000;
const CHUNK_SAMPLES = 1600; // 100 ms

class CaptionsPcmProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / TARGET_RATE;
    this.position = 0; // input samples into the current output sample's span
    this.sum = 0;
    this.count = 0;
    this.out = new Int16Array(CHUNK_SAMPLES);
    this.filled = 0;
  }

  process(inputs) {
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    const frames = channels[0].length;
    for (let i = 0; i < frames; i++) {
      let value = 0;
      for (let c = 0; c < channels.length; c++) value += channels[c][i];
      this.sum += value / channels.length;
      this.count++;
      this.position++;
      if (this.position >= this.step) {
        this.position -= this.step;
        const mean = this.sum / this.count;
        this.sum = 0;
        this.count = 0;
        const clipped = Math.max(-1, Math.min(1, mean));
        this.out[this.filled++] = clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff;
        if (this.filled === CHUNK_SAMPLES) {
          this.port.postMessage(this.out.buffer, [this.out.buffer]);
          this.out = new Int16Array(CHUNK_SAMPLES);
          this.filled = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor('captions-pcm', CaptionsPcmProcessor);
