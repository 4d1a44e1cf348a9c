import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '../..');
// Resolved like Node does: npm may keep the CLI in the workspace's own node_modules.
const cli = path.join(
  path.dirname(createRequire(path.join(web, 'package.json')).resolve('@capacitor/cli/package.json')),
  'bin/capacitor',
);
const read = (rel: string) => readFileSync(path.join(web, rel), 'utf8');

/** Files `cap sync` writes that are committed: a change means the projects were out of step. */
const SYNCED = ['android/capacitor.settings.gradle', 'android/app/capacitor.build.gradle', 'ios/App/Podfile'];

describe('the native app projects', () => {
  it(
    'stay in step with the web app: cap sync runs offline and changes nothing committed',
    { timeout: 120_000 },
    () => {
      if (!existsSync(path.join(web, 'dist/index.html'))) {
        throw new Error('needs the web build: run `npm run build` (npm test does it)');
      }
      const before = SYNCED.map(read);
      // The browser build stands in for the app build here; plugins and config are what is checked.
      const out = execFileSync(process.execPath, [cli, 'sync'], {
        cwd: web,
        env: { ...process.env, CAP_WEB_DIR: 'dist', CI: '1' },
        encoding: 'utf8',
      });
      for (const plugin of ['@capacitor/app', '@capacitor/splash-screen', '@capacitor/status-bar']) {
        expect(out).toContain(plugin);
      }
      expect(
        SYNCED.map(read),
        'run `APP_API_URL=… npm run app:sync` and commit apps/web/android and apps/web/ios',
      ).toEqual(before);
      expect(existsSync(path.join(web, 'android/app/src/main/assets/public/index.html'))).toBe(true);
      expect(existsSync(path.join(web, 'ios/App/App/public/index.html'))).toBe(true);
      const synced = JSON.parse(read('android/app/src/main/assets/capacitor.config.json')) as {
        appId: string;
        plugins: { SplashScreen: { backgroundColor: string } };
      };
      expect(synced.appId).toBe('app.kouyu.mobile');
      expect(synced.plugins.SplashScreen.backgroundColor).toBe('#b91c1c');
    },
  );

  it('ask for the microphone and open the site’s /{lang} links', () => {
    const manifest = read('android/app/src/main/AndroidManifest.xml');
    expect(manifest).toContain('android.permission.RECORD_AUDIO');
    for (const lang of ['en', 'zh', 'ru']) expect(manifest).toContain(`android:pathPrefix="/${lang}"`);
    const plist = read('ios/App/App/Info.plist');
    expect(plist).toMatch(/<key>NSMicrophoneUsageDescription<\/key>\s*<string>[^<]{20,}<\/string>/);
    expect(plist).toContain('<string>kouyu</string>');
    expect(read('ios/App/App/App.entitlements')).toContain('applinks:');
  });
});
