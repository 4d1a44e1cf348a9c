/**
 * A local server speaking Volcengine/Doubao's big-model streaming ASR protocol as documented
 * (shared guide, protocols.md): header authentication (401 on bad keys, 400 without resource or
 * connect id), binary frames with sequence numbers and gzip, a response per packet, the final
 * response with a negative sequence, and error frames with the vendor's codes.
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import type WebSocket from 'ws';
import { z } from 'zod';
import { bytesToInt16 } from '../audio.js';
import {
  Compression,
  FrameError,
  MessageType,
  Serialization,
  decodeClientFrame,
  encodeServerError,
  encodeServerResponse,
} from '../doubao-frames.js';
import { listenLocal } from './listen.js';
import { describeAudio } from './tone.js';

export type DoubaoBehaviour =
  | 'normal'
  /** Answers the first audio packet with this error code. */
  | { errorOnAudio: number }
  /** Never answers the last packet. */
  | 'silent-final';

export interface DoubaoFrameLog {
  type: number;
  flags: number;
  serialization: number;
  compression: number;
  sequence: number | null;
  bytes: number;
}

export interface DoubaoConnection {
  headers: Record<string, string | string[] | undefined>;
  frames: DoubaoFrameLog[];
  request: unknown;
}

export interface DoubaoStandIn {
  url: string;
  connections: DoubaoConnection[];
  behaviour: DoubaoBehaviour;
  close(): Promise<void>;
}

const requestSchema = z.object({
  user: z.object({ uid: z.string() }).partial(),
  audio: z.object({
    format: z.literal('pcm'),
    codec: z.literal('raw').optional(),
    rate: z.literal(16000),
    bits: z.literal(16),
    channel: z.literal(1),
  }),
  request: z.object({ model_name: z.literal('bigmodel') }),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BAD_PARAMETERS = 45000001;
const EMPTY_AUDIO = 45000002;

/** Starts the stand-in on a free local port. */
export async function startDoubaoStandIn(
  appKey: string,
  accessKey: string,
  resourceId: string,
  behaviour: DoubaoBehaviour = 'normal',
): Promise<DoubaoStandIn> {
  const wss = new WebSocketServer({ noServer: true });
  const server = createServer((_req, res) => res.writeHead(404).end());
  const standIn: DoubaoStandIn = { url: '', connections: [], behaviour, close: async () => undefined };

  server.on('upgrade', (req, socket, head) => {
    const h = req.headers;
    const refuse = (status: string) =>
      socket.end(`HTTP/1.1 ${status}\r\nX-Tt-Logid: standin-log-1\r\nConnection: close\r\n\r\n`);
    if (h['x-api-app-key'] !== appKey || h['x-api-access-key'] !== accessKey)
      return refuse('401 Unauthorized');
    const connectId = h['x-api-connect-id'];
    if (h['x-api-resource-id'] !== resourceId || typeof connectId !== 'string' || !UUID.test(connectId))
      return refuse('400 Bad Request');
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, { headers: h, frames: [], request: null }));
  });

  function serve(ws: WebSocket, connection: DoubaoConnection): void {
    standIn.connections.push(connection);
    let expected = 1;
    const audio: Buffer[] = [];
    const fail = (code: number, message: string) => {
      ws.send(encodeServerError(code, message));
      ws.close(1000);
    };
    ws.on('message', (data, isBinary) => {
      if (!isBinary || !Buffer.isBuffer(data))
        return fail(BAD_PARAMETERS, 'text frames are not part of the protocol');
      let frame: ReturnType<typeof decodeClientFrame>;
      try {
        frame = decodeClientFrame(data);
      } catch (err) {
        return fail(BAD_PARAMETERS, err instanceof FrameError ? err.message : 'bad frame');
      }
      const { header, sequence, payload } = frame;
      connection.frames.push({ ...header, sequence, bytes: payload.length });
      const last = sequence !== null && sequence < 0;
      if (sequence === null || Math.abs(sequence) !== expected)
        return fail(BAD_PARAMETERS, `expected sequence ${expected}, got ${sequence}`);
      expected++;
      if (expected === 2) {
        if (
          header.type !== MessageType.fullClientRequest ||
          header.serialization !== Serialization.json ||
          header.compression !== Compression.gzip
        ) {
          return fail(BAD_PARAMETERS, 'the first frame must be a gzip JSON full client request');
        }
        let json: unknown = null;
        try {
          json = JSON.parse(payload.toString('utf8'));
        } catch {
          // answered below as invalid parameters
        }
        const request = requestSchema.safeParse(json);
        if (!request.success) return fail(BAD_PARAMETERS, 'request parameters are not valid');
        connection.request = request.data;
        ws.send(encodeServerResponse(1, { audio_info: { duration: 0 }, result: { text: '' } }, false));
        return;
      }
      if (header.type !== MessageType.audioOnly) return fail(BAD_PARAMETERS, 'expected an audio-only frame');
      if (typeof standIn.behaviour === 'object')
        return fail(standIn.behaviour.errorOnAudio, 'stand-in error');
      audio.push(payload);
      const received = Buffer.concat(audio);
      if (!last) {
        ws.send(
          encodeServerResponse(
            sequence,
            {
              audio_info: { duration: received.length / 32 },
              result: { text: `收到${received.length}字节` },
            },
            false,
          ),
        );
        return;
      }
      if (standIn.behaviour === 'silent-final') return;
      if (received.length === 0) return fail(EMPTY_AUDIO, 'audio is empty');
      const pcm = bytesToInt16(received);
      const text = describeAudio(pcm, 16000);
      const utterance = {
        definite: true,
        start_time: 0,
        end_time: Math.round(pcm.length / 16),
        text,
        words: [],
      };
      ws.send(
        encodeServerResponse(
          sequence,
          { audio_info: { duration: pcm.length / 16 }, result: { text, utterances: [utterance] } },
          true,
        ),
      );
    });
  }

  const port = await listenLocal(server);
  standIn.url = `ws://127.0.0.1:${port}/api/v3/sauc/bigmodel`;
  standIn.close = async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return standIn;
}
