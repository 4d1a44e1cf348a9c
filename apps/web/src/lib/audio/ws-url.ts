import { API_BASE } from '@/lib/api';

/** The WebSocket URL of an API path: `/api/v1/tts/ws` on this site becomes `ws(s)://host/api/v1/tts/ws`. */
export function wsUrl(
  path: string,
  query: Record<string, string | number | boolean | null | undefined> = {},
  base: string = API_BASE,
  origin: string = window.location.href,
): string {
  const url = new URL(`${base}${path}`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  return url.toString();
}

/** The absolute URL of an API path or of a server-relative file URL (`/api/v1/audio/cache/…`). */
export function httpUrl(pathOrUrl: string, origin: string = window.location.href): string {
  return new URL(pathOrUrl, origin).toString();
}
