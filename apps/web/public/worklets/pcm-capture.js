/* global AudioWorkletProcessor, registerProcessor */
// AudioWorklet of the speaking test: turns the microphone into 16-bit PCM blocks at the context's
// sample rate (16 kHz, or 8 kHz on a poor network) and posts each block to the page. 'flush' sends
// the last partial block and answers 'flushed'.
class PcmCapture extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const size = options && options.processorOptions && options.processorOptions.blockSize;
    this.blockSize = Number.isInteger(size) && size > 0 ? size : 1600;
    this.block = new Int16Array(this.blockSize);
    this.at = 0;
    this.port.onmessage = (ev) => {
      if (ev.data !== 'flush') return;
      if (this.at > 0) this.post(this.block.slice(0, this.at));
      this.block = new Int16Array(this.blockSize);
      this.at = 0;
      this.port.postMessage('flushed');
    };
  }

  post(samples) {
    this.port.postMessage(samples.buffer, [samples.buffer]);
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) return true;
    for (let i = 0; i < channel.length; i++) {
      const s = Math.max(-1, Math.min(1, channel[i]));
      this.block[this.at++] = s < 0 ? s * 0x8000 : s * 0x7fff;
      if (this.at === this.blockSize) {
        this.post(this.block);
        this.block = new Int16Array(this.blockSize);
        this.at = 0;
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCapture);
