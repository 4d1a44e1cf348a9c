import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.js';

// Query parameters that carry credentials: the speech sockets take the access token as `token`
// (browsers cannot set headers on a WebSocket), reset and practice links carry their own.
const SECRET_PARAMS = /^(token|access_token|refresh_token|reset_token|code|password)$/i;

/** The URL with the value of every credential-carrying query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came; it carries no known secret
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * What the request logger writes about a request: method, URL without secrets, address. No headers,
 * so no Authorization or cookie reaches the log (issue 17, defect 7).
 */
export function serializeRequest(req: { method: string; url: string; ip: string }) {
  return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
}

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * `connect-src` beyond 'self': the speech sockets of this very host only (older browsers do not count
 * ws:/wss: as 'self'), never any host. The host comes from PUBLIC_URL when set, else the request.
 */
export function socketSources(config: Config): ((req: IncomingMessage) => string)[] {
  const fixed = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).host : null;
  const hostOf = (req: IncomingMessage) => {
    const host = fixed ?? req.headers.host ?? '';
    return HOST.test(host) ? host : null;
  };
  const sources = [(req: IncomingMessage) => (hostOf(req) ? `wss://${hostOf(req)}` : "'self'")];
  // Plain ws: only outside production (development over http://localhost).
  if (!config.production) sources.push((req) => (hostOf(req) ? `ws://${hostOf(req)}` : "'self'"));
  return sources;
}

/** HSTS only in production, where TLS is expected; a development server over HTTP must not send it. */
export function hstsOption(config: Config) {
  return config.production ? { maxAge: 180 * 24 * 3600, includeSubDomains: true } : false;
}
