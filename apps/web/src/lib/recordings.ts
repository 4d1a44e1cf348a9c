/**
 * The learner's recordings on this page, each playable through an object URL and readable again as
 * bytes. A recording is never read back with `fetch(blob:…)`: the page's CSP keeps `connect-src` to
 * this site and its sockets, so the bytes are kept beside the URL instead.
 */
const kept = new Map<string, Blob>();

/** A playable URL for `blob`, remembered until `dropRecording`. */
export function keepRecording(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  kept.set(url, blob);
  return url;
}

/** Forgets a recording kept by `keepRecording` and frees its URL. */
export function dropRecording(url: string): void {
  kept.delete(url);
  URL.revokeObjectURL(url);
}

/**
 * The bytes behind a recording's URL: the kept blob for a URL made here, else an HTTP fetch (a
 * recording served by this site). A `blob:` URL not made here is refused rather than fetched.
 */
export async function recordingBlob(url: string): Promise<Blob> {
  const blob = kept.get(url);
  if (blob) return blob;
  if (url.startsWith('blob:')) throw new Error('recording no longer kept');
  const res = await fetch(url);
  if (!res.ok) throw new Error(`recording ${res.status}`);
  return res.blob();
}
