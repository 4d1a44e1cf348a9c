import type { CapacitorConfig } from '@capacitor/cli';

/** The product's colours (the web manifest's theme and background). */
const BRAND = '#b91c1c';
const SURFACE = '#fffbf5';

/**
 * The native app: the built web app (dist) inside Android and iOS shells. The web build for the app
 * is made with VITE_API_BASE set to the API host (`npm run app:sync`), since the app has no site of
 * its own to send /api to.
 */
const config: CapacitorConfig = {
  appId: 'app.kouyu.mobile',
  appName: 'Kouyu',
  // dist-app: the build of `npm run app:sync`; the sync test passes the browser build (dist) instead.
  webDir: process.env['CAP_WEB_DIR'] ?? 'dist-app',
  // https://localhost inside the app, so secure-context APIs (microphone, crypto) work.
  server: { androidScheme: 'https' },
  backgroundColor: SURFACE,
  plugins: {
    SplashScreen: {
      launchShowDuration: 800,
      launchAutoHide: true,
      backgroundColor: BRAND,
      showSpinner: false,
      androidScaleType: 'CENTER_CROP',
    },
    StatusBar: {
      backgroundColor: BRAND,
      // Light text on the brand red.
      style: 'DARK',
      overlaysWebView: false,
    },
  },
};

export default config;
