/**
 * A local OpenAI-compatible transcription server for tests and the benchmark:
 * `POST /v1/audio/transcriptions` with multipart `file` (WAV), `model` and `language`, Bearer
 * auth when a key is set; answers `{"text"}` computed from the audio it received.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { float32ToInt16 } from '../audio.js';
import { parseWav } from '../wav.js';
import { listenLocal } from './listen.js';
import { describeAudio } from './tone.js';

export type OpenAiBehaviour = 'normal' | 'server-error' | 'silent';

export interface OpenAiRequestLog {
  authorization: string | undefined;
  contentType: string | undefined;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: number } | null;
}

export interface OpenAiStandIn {
  baseUrl: string;
  requests: OpenAiRequestLog[];
  behaviour: OpenAiBehaviour;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/** Starts the stand-in on a free local port; `apiKey` null accepts requests without a key. */
export async function startOpenAiStandIn(
  apiKey: string | null,
  behaviour: OpenAiBehaviour = 'normal',
): Promise<OpenAiStandIn> {
  const standIn: OpenAiStandIn = { baseUrl: '', requests: [], behaviour, close: async () => undefined };
  const json = (res: ServerResponse, status: number, value: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions')
        return json(res, 404, { error: { message: 'not found' } });
      const raw = await body(req);
      const log: OpenAiRequestLog = {
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        fields: {},
        file: null,
      };
      standIn.requests.push(log);
      if (apiKey !== null && req.headers.authorization !== `Bearer ${apiKey}`) {
        return json(res, 401, {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
        });
      }
      // The platform's own multipart parser reads the form, so the test checks real multipart bytes.
      const form = await new Request('http://standin/', {
        method: 'POST',
        headers: { 'content-type': log.contentType ?? '' },
        body: raw,
      }).formData();
      let wav: Buffer | null = null;
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') log.fields[name] = value;
        else {
          wav = Buffer.from(await value.arrayBuffer());
          log.file = { name: value.name, type: value.type, bytes: wav.length };
        }
      }
      if (standIn.behaviour === 'silent') return;
      if (standIn.behaviour === 'server-error')
        return json(res, 500, { error: { message: 'stand-in failure' } });
      if (!wav || !log.fields['model'])
        return json(res, 400, { error: { message: 'file and model are required' } });
      const { samples, sampleRate } = parseWav(wav);
      return json(res, 200, { text: describeAudio(float32ToInt16(samples), sampleRate) });
    })().catch(() => json(res, 400, { error: { message: 'bad request' } }));
  });
  const port = await listenLocal(server);
  standIn.baseUrl = `http://127.0.0.1:${port}/v1`;
  standIn.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return standIn;
}
