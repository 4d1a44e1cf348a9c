import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@kouyu/core';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isPromptEvent(e: Event): e is BeforeInstallPromptEvent {
  return 'prompt' in e && typeof e.prompt === 'function';
}

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  installed = window.localStorage.getItem(STORAGE_KEYS.appInstalled) === '1';
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    if (isPromptEvent(e)) deferred = e;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    try {
      window.localStorage.setItem(STORAGE_KEYS.appInstalled, '1');
    } catch {
      // Remembered for this page only.
    }
    notify();
  });
}

/** Which instructions to show when the browser offers no install prompt. */
export type InstallPlatform = 'wechat' | 'android' | 'ios' | 'desktop';

/** The platform the install instructions are for, from the user agent. */
export function installPlatform(ua: string): InstallPlatform {
  if (/MicroMessenger/i.test(ua)) return 'wechat';
  if (/Android/i.test(ua)) return 'android';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  return 'desktop';
}

function standalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    ('standalone' in navigator && navigator.standalone === true)
  );
}

function registerServiceWorker() {
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

/**
 * Runs once the page has loaded and the browser is idle: the service worker's install fetches the
 * shell again, which must not compete with the page's own first load (decision 017).
 */
function afterLoad(task: () => void) {
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(task, { timeout: 3000 })
      : setTimeout(task, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Install state: whether it is installed, and an `install` that prompts or returns the instructions to show. */
export function useInstall() {
  const snapshot = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => `${installed || standalone()}|${deferred !== null}`,
    () => 'false|false',
  );
  const [isInstalled, canPrompt] = snapshot.split('|').map((v) => v === 'true');
  useEffect(() => {
    if ('serviceWorker' in navigator && import.meta.env.PROD) afterLoad(registerServiceWorker);
  }, []);
  const install = useCallback(async (): Promise<InstallPlatform | null> => {
    if (deferred) {
      const event = deferred;
      deferred = null;
      notify();
      await event.prompt();
      return null;
    }
    return installPlatform(navigator.userAgent);
  }, []);
  return { isInstalled: isInstalled === true, canPrompt: canPrompt === true, install };
}
