import { useNavigate } from 'react-router';
import { useLocalPath } from '@/components/ui/local-link';
import { useLogout } from '../api/logout';

/** Sign out and return home (home first, so a protected page does not bounce to the login tab). */
export function useSignOut() {
  const navigate = useNavigate();
  const local = useLocalPath();
  const logout = useLogout();
  return async () => {
    await navigate(local('/'));
    logout.mutate();
  };
}
