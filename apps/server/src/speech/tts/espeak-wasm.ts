import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { InlineWorker } from '../audio/inline-worker.js';

/*
 * The worker runs text2wav's espeak-ng WASM build. text2wav itself compiles and instantiates the
 * WASM on every call (80-140 ms); here it is compiled once, instantiated once, and the clean
 * linear memory right after start-up is kept: restoring it before each run of espeak's main()
 * makes every call start from a fresh C state (getopt's optind, static buffers) at ~10-30 ms.
 * The source is inline (eval worker) so it runs the same under tsx, vitest and the compiled build.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const factory = require(workerData.glue);
const compiled = new WebAssembly.Module(readFileSync(workerData.wasm));
let errors = [];
function start() {
  return new Promise((resolve, reject) => {
    const M = {
      noInitialRun: true,
      noExitRuntime: true,
      print() {},
      printErr(line) { if (!/EXIT_RUNTIME/.test(line)) errors.push(String(line)); },
      quit(status, err) { throw err; },
      onAbort(what) { reject(new Error('espeak-ng aborted: ' + what)); },
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(compiled, imports).then((instance) => done(instance), reject);
        return {};
      },
      onRuntimeInitialized() {
        resolve({ M, snapshot: M.HEAPU8.slice(), stack: M.stackSave() });
      },
    };
    factory(M);
  });
}
let ready = start();
parentPort.on('message', async ({ id, request }) => {
  try {
    const { M, snapshot, stack } = await ready;
    M.HEAPU8.set(snapshot);
    if (M.HEAPU8.length > snapshot.length) M.HEAPU8.fill(0, snapshot.length);
    M.stackRestore(stack);
    errors = [];
    M.callMain(request.args);
    let wav;
    try {
      wav = M.FS.readFile('/out.wav');
      M.FS.unlink('/out.wav');
    } catch {
      throw new Error('espeak-ng wrote no audio' + (errors.length ? ': ' + errors.join(' ') : ''));
    }
    parentPort.postMessage({ id, result: wav }, [wav.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
    ready = start();
  }
});
`;

const require = createRequire(import.meta.url);

/** Paths of text2wav's emscripten glue and WASM binary, or null when the package is missing. */
export function text2wavFiles(): { glue: string; wasm: string } | null {
  try {
    const glue = require.resolve('text2wav/lib/espeak-ng.js');
    return { glue, wasm: path.join(path.dirname(glue), 'espeak-ng.wasm') };
  } catch {
    return null;
  }
}

/** The WASM output file name inside the worker's in-memory file system. */
export const WASM_OUT_FILE = '/out.wav';

/** One warm espeak-ng WASM instance in a worker thread; calls are served one at a time, in order. */
export class EspeakWasm {
  private readonly worker = new InlineWorker<{ args: string[] }, Uint8Array>(
    WORKER_SOURCE,
    z.instanceof(Uint8Array),
    () => text2wavFiles(),
  );

  /** Runs espeak-ng with these command-line arguments (they must write WASM_OUT_FILE); resolves to the WAV bytes. */
  async run(args: readonly string[]): Promise<Buffer> {
    if (!text2wavFiles()) throw new Error('the text2wav package is not installed');
    const wav = await this.worker.call({ args: [...args] });
    return Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
  }

  /** Stops the worker (the next call starts a new one). */
  close(): Promise<void> {
    return this.worker.close();
  }
}

/** The process-wide instance: one warm WASM is enough for every app in the process. */
export const espeakWasm = new EspeakWasm();
