import WebSocket from 'ws';
import { StreamBase } from './stream-base.js';
import { AsrError } from './types.js';

/**
 * Opens a vendor WebSocket with the headers the vendor authenticates by (browsers cannot set
 * them, which is why the server holds these sockets). Handshake refusals become clear errors:
 * 401/403 is a bad key, anything else names the status and the vendor's log id when it sent one.
 */
export function openVendorSocket(
  vendor: string,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    let ws: WebSocket;
    try {
      ws = new WebSocket(url, { headers, handshakeTimeout: timeoutMs, perMessageDeflate: false });
    } catch (err) {
      reject(new AsrError('bad_request', `${vendor} URL is not valid: ${url}`, { cause: err }));
      return;
    }
    let refused: AsrError | null = null;
    ws.once('unexpected-response', (_req, res) => {
      const status = res.statusCode ?? 0;
      const logId = res.headers['x-tt-logid'] ?? res.headers['x-request-id'];
      const suffix = typeof logId === 'string' ? ` (log id ${logId})` : '';
      refused =
        status === 401 || status === 403
          ? new AsrError('auth', `${vendor} rejected the credentials: HTTP ${status}${suffix}`)
          : new AsrError('upstream', `${vendor} refused the connection: HTTP ${status}${suffix}`);
      res.resume();
      ws.terminate();
    });
    ws.once('open', () => resolve(ws));
    // Stays attached after open (settling twice is a no-op), so a later error never goes unheard.
    ws.on('error', (err) => {
      if (refused) return reject(refused);
      const timedOut = /handshake has timed out/i.test(err.message);
      reject(
        timedOut
          ? new AsrError('timeout', `${vendor} did not accept the connection within ${timeoutMs} ms`, {
              cause: err,
            })
          : new AsrError('upstream', `${vendor} connection failed: ${err.message}`, { cause: err }),
      );
    });
  });
}

/**
 * A recognition stream over a vendor socket: the socket, a timeout armed while waiting for the vendor,
 * and the close that releases both (shared by the DashScope and Doubao streams).
 */
export abstract class VendorSocketStream extends StreamBase {
  protected ws: WebSocket | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly vendor: string,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  /** Fails the stream with a timeout unless the vendor answers (or `disarm` is called) within the timeout. */
  protected arm(what: string): void {
    this.disarm();
    const ms = this.timeoutMs;
    this.timer = setTimeout(
      () => this.fail(new AsrError('timeout', `${this.vendor} ${what} within ${ms} ms`)),
      ms,
    );
  }

  protected disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  protected close(): void {
    this.disarm();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.removeAllListeners('close');
      if (ws.readyState === ws.OPEN) ws.close(1000);
      else ws.terminate();
    }
  }
}
