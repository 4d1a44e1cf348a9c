import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import {
  SpeechRefusal,
  guardSocket,
  isVendorEngine,
  speechCaller,
  takeSpeechQuota,
} from '../../../speaking/speech-access.js';
import { createAsrEngine } from '../../../speech/asr/create-engine.js';
import { dashScopeDialect, doubaoDialect } from './dialects.js';
import { serveRecognitionSocket } from './recognition-socket.js';
import type { Dialect } from './recognition-socket.js';
import { ConnectionLimiter, WS_CODE, closeSocket, sendJson, socketError } from './socket-support.js';
import type { SocketContext } from './socket-support.js';
import { registerTranscribe } from './transcribe.js';
import type { UserRow } from '../../../accounts/users.js';
import { keepAnswerOf, taskPcm } from '../../../speech/voice/keep-answer.js';

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
  const vendor = engine !== null && isVendorEngine(engine.name);
  // Realtime recognition is auto mode, which is for signed-in learners only (spec 001 §5): checked
  // here on connect, with the token of the URL, and counted against the user's daily quota.
  const serve = (dialect: Dialect) => (socket: WebSocket, req: FastifyRequest) => {
    // The per-address slot is taken now, in connection order, since the check below is asynchronous;
    // it is handed over (released and taken again at once) when the socket is served.
    if (!ctx.limiter.acquire(req.ip, ctx.maxSocketsPerIp)) {
      sendJson(socket, dialect.error(socketError(WS_CODE.tooMany, 'rate_limited'), null));
      closeSocket(socket, WS_CODE.tooMany);
      return;
    }
    let reserved = true;
    const unreserve = () => {
      if (reserved) ctx.limiter.release(req.ip);
      reserved = false;
    };
    socket.once('close', unreserve);
    let caller: UserRow | null = null;
    return guardSocket(
      socket,
      async () => {
        const { user } = await speechCaller(app, req);
        if (!user) throw new SpeechRefusal(401, 'login_required');
        await takeSpeechQuota(app, user, vendor);
        caller = user;
      },
      // Each task's audio is kept for the voice analysis; its audio_id rides on the final message.
      () => {
        socket.off('close', unreserve);
        unreserve();
        serveRecognitionSocket(socket, req.ip, ctx, dialect, (recording) =>
          keepAnswerOf(app, caller, taskPcm(recording), req.ip),
        );
      },
      (refusal) => {
        unreserve();
        sendJson(
          socket,
          dialect.error({ wsCode: refusal.wsCode, code: refusal.code, message: refusal.message }, null),
        );
      },
      req.log,
    );
  };
  app.get('/asr/ws', { websocket: true, logLevel: 'warn' }, serve(dashScopeDialect));
  app.get('/asrd/ws', { websocket: true, logLevel: 'warn' }, serve(doubaoDialect));
  registerTranscribe(app, engine);
};
