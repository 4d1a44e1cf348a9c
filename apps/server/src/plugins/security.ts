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
 * so no Authorization or cookie reaches the log (decision 028, defect 7).
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

/**
 * The security headers of the API's answers (JSON, audio, fonts, a small notice page), as the OWASP
 * REST Security Cheat Sheet lists them for API responses: the document headers helmet gives the web
 * app's pages (its long CSP with script and socket sources, COOP, Origin-Agent-Cluster, DNS prefetch,
 * IE download options, Flash policies, the XSS auditor switch) govern a document's own behaviour and
 * do nothing on an answer fetched by script. An answer opened as a page by itself may load nothing
 * and may not be framed. Same-origin resource policy, nosniff, no referrer and HSTS as on every page.
 */
export function apiSecurityHeaders(config: Config): Readonly<Record<string, string>> {
  const hsts = hstsOption(config);
  return Object.freeze({
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(hsts
      ? {
          'strict-transport-security': `max-age=${hsts.maxAge}${hsts.includeSubDomains ? '; includeSubDomains' : ''}`,
        }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
}
