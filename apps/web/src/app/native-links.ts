import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { deepLinkPath } from '@kouyu/core';

/** In the native app, a deep link (https://HOST/{lang}/… or kouyu://{lang}/…) opens that page. */
export function useNativeDeepLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!Capacitor.isNativePlatform()) return;
    const handle = App.addListener('appUrlOpen', ({ url }) => {
      const path = deepLinkPath(url);
      if (path) navigate(path);
    });
    return () => {
      void handle.then((h) => h.remove());
    };
  }, [navigate]);
}
