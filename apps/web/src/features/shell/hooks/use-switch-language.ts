import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGE_SWITCH_DELAY_MS, STORAGE_KEYS, switchLanguagePath } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { storage } from '@/lib/storage';

/** Switches language: saves it, then after 100 ms rewrites the first path segment keeping query, hash and state. */
export function useSwitchLanguage() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (to: Language) => {
      storage.set(STORAGE_KEYS.language, to);
      window.setTimeout(() => {
        navigate(switchLanguagePath(location.pathname, location.search, location.hash, to), {
          state: location.state,
        });
      }, LANGUAGE_SWITCH_DELAY_MS);
    },
    [location, navigate],
  );
}
