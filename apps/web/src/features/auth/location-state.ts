/** What the auth screens hand each other in history state (not in the URL: it is only for this visit). */
export interface AuthState {
  /** Seconds before a new code can be requested. */
  cooldown?: number;
  /** A message to show on arrival. */
  notice?: 'password_reset' | 'code_recently_sent';
  /** E-mail to prefill. */
  email?: string;
}

/** Reads `AuthState` from `location.state`, ignoring anything else stored there. */
export function readAuthState(state: unknown): AuthState {
  if (typeof state !== 'object' || state === null) return {};
  const out: AuthState = {};
  if ('cooldown' in state && typeof state.cooldown === 'number') out.cooldown = state.cooldown;
  if ('notice' in state && (state.notice === 'password_reset' || state.notice === 'code_recently_sent'))
    out.notice = state.notice;
  if ('email' in state && typeof state.email === 'string') out.email = state.email;
  return out;
}
