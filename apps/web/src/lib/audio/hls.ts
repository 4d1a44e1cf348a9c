/** Segment URIs of a VOD playlist, resolved against the playlist's URL. */
export function playlistSegments(playlist: string, playlistUrl: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'))
    .map((uri) => new URL(uri, playlistUrl).toString());
}

/**
 * The MPEG audio of a packed-audio segment without its leading ID3 tag (RFC 8216 §3.4 puts a
 * timestamp tag in front of each segment; the payloads joined are the original MP3 stream).
 */
export function stripId3(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return bytes;
  const size = ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
  const footer = ((bytes[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return bytes.subarray(Math.min(bytes.length, 10 + size + footer));
}

/** The cache hash in a cached audio URL (`/api/v1/audio/cache/<hash>/audio.mp3`), for the conversion fallback. */
export function audioHashOf(url: string): string | null {
  return /\/audio\/cache\/([0-9a-f]{64})\//.exec(url)?.[1] ?? null;
}
