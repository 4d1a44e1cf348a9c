import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { WebSocket } from 'ws';

/** The close code a socket opened during a restart gets (RFC 6455: Service Restart), and its reason. */
export const RESTART_CLOSE = { code: 1012, reason: 'server_restarting' } as const;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Begins a graceful stop: new sockets are refused with RESTART_CLOSE, open ones may finish.
     * Resolves when none is open any more or after `timeoutMs`, with how many were still open.
     */
    drainSockets(timeoutMs: number): Promise<number>;
  }
}

type WsHandler = (socket: WebSocket, req: FastifyRequest) => unknown;

function isWsHandler(handler: unknown): handler is WsHandler {
  return typeof handler === 'function';
}

/**
 * Wraps every websocket route (feedback, recognition, synthesis) so a rolling restart loses no answer:
 * after SIGTERM the instance refuses new sockets with a clear close code the client can retry on
 * another instance, and waits for the open ones (an answer being reviewed or recognised) before it
 * closes. Must be registered before @fastify/websocket, whose onRoute hook replaces the handler.
 */
export function registerSocketDrain(app: FastifyInstance): void {
  const open = new Set<WebSocket>();
  let draining = false;
  let wake: (() => void) | null = null;

  app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean }) => {
    if (!route.websocket) return;
    const inner: unknown = route.handler;
    if (!isWsHandler(inner)) return;
    const wrapped = function (this: unknown, socket: WebSocket, req: FastifyRequest) {
      if (draining) {
        socket.close(RESTART_CLOSE.code, RESTART_CLOSE.reason);
        return undefined;
      }
      open.add(socket);
      socket.once('close', () => {
        open.delete(socket);
        if (open.size === 0) wake?.();
      });
      return inner.call(this, socket, req);
    };
    // Typed as an HTTP handler by Fastify; the websocket plugin calls it with (socket, request).
    Object.assign(route, { handler: wrapped });
  });

  app.decorate('drainSockets', async (timeoutMs: number) => {
    draining = true;
    if (open.size > 0) {
      app.log.info({ open: open.size, timeoutMs }, 'waiting for open sockets before stopping');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return open.size;
  });
}
