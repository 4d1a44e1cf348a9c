import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useLang } from '@/components/ui/local-link';
import { useSession } from '../hooks/use-session';
import { loginPath } from '../next-path';

/** Protected pages (spec 000 §6): guests go to the login tab and come back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const lang = useLang();
  const location = useLocation();
  if (signedIn) return children;
  return <Navigate to={loginPath(lang, location.pathname + location.search + location.hash)} replace />;
}

// Guests may try part 1 (spec 000 §6); the test routes spell it `part-1` or `1`.
const GUEST_MODES: readonly string[] = ['part-1', '1'];

/** A test run: part 1 is open to guests, every other mode needs an account. */
export function RequireAuthBeyondPartOne({ children }: { children: ReactNode }) {
  const { mode } = useParams();
  return GUEST_MODES.includes(mode ?? '') ? children : <RequireAuth>{children}</RequireAuth>;
}
