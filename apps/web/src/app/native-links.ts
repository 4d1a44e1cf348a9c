import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { deepLinkPath } from '@kouyu/core';
import { onNativeApp } from './native-platform';

/** In the native app, a deep link (https://HOST/{lang}/… or kouyu://{lang}/…) opens that page. */
export function useNativeDeepLinks() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onNativeApp((App) =>
        App.addListener('appUrlOpen', ({ url }) => {
          const path = deepLinkPath(url);
          if (path) navigate(path);
        }),
      ),
    [navigate],
  );
}
