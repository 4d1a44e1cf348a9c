/** A unique id for one answer, so the server applies it once however often it is sent. */
export function newClientId(): string {
  // randomUUID exists only in secure contexts; a site on plain http inside a school network has none.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
