import type { AppPlugin } from '@capacitor/app';

/**
 * True inside the native app. Its runtime puts the Capacitor bridge on `window` before the page's
 * scripts run, so the check needs no plugin code; the plugins load only there (decision 017).
 */
export function isNativeApp(): boolean {
  const bridge: unknown = Reflect.get(window, 'Capacitor');
  if (typeof bridge !== 'object' || bridge === null) return false;
  const check: unknown = Reflect.get(bridge, 'isNativePlatform');
  return typeof check === 'function' && Reflect.apply(check, bridge, []) === true;
}

/** Listens to an event of the native App plugin while mounted; a no-op in a browser. */
export function onNativeApp(listen: (app: AppPlugin) => Promise<{ remove(): Promise<void> }>): () => void {
  if (!isNativeApp()) return () => undefined;
  const handle = import('@capacitor/app').then(({ App }) => listen(App));
  return () => {
    void handle.then((h) => h.remove());
  };
}
