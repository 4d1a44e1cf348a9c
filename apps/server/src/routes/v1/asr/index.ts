import type { FastifyPluginAsync } from 'fastify';
import { createAsrEngine } from '../../../speech/asr/create-engine.js';
import { dashScopeDialect, doubaoDialect } from './dialects.js';
import { serveRecognitionSocket } from './recognition-socket.js';
import { ConnectionLimiter } from './socket-support.js';
import type { SocketContext } from './socket-support.js';
import { registerTranscribe } from './transcribe.js';

/**
 * Speech recognition: two browser sockets that differ only in their message dialect (spec 001:
 * a question's asr_model picks the socket) and whole-recording transcription. All three use the
 * one engine ASR_ENGINE selects; without one they answer `asr_unavailable`.
 */
export const asrRoutes: FastifyPluginAsync = async (app) => {
  const engine = createAsrEngine(app.config);
  app.engineReports.push(async () =>
    engine
      ? { kind: 'asr', name: engine.name, ...(await engine.ready()) }
      : { kind: 'asr', name: 'none', ready: false, detail: 'no engine configured (ASR_ENGINE and its keys)' },
  );
  const ctx: SocketContext = {
    engine,
    limiter: new ConnectionLimiter(),
    maxAudioS: app.config.ASR_MAX_AUDIO_S,
    maxFrameBytes: app.config.ASR_MAX_FRAME_BYTES,
    idleTimeoutMs: app.config.ASR_IDLE_TIMEOUT_MS,
    maxSocketsPerIp: app.config.ASR_MAX_SOCKETS_PER_IP,
    log: app.log,
  };
  app.get('/asr/ws', { websocket: true }, (socket, req) => serveRecognitionSocket(socket, req.ip, ctx, dashScopeDialect));
  app.get('/asrd/ws', { websocket: true }, (socket, req) => serveRecognitionSocket(socket, req.ip, ctx, doubaoDialect));
  registerTranscribe(app, engine);
};
