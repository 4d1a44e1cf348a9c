// `npm run app:sync`: builds the web app for the native shells, with its API on APP_API_URL (the app has no
// site of its own to send /api to), into apps/web/dist-app, then runs `cap sync` to copy it and the plugins
// into apps/web/android and apps/web/ios. Offline: nothing is downloaded, and no Android SDK, Gradle, Xcode
// or CocoaPods is needed (those are for building the APK/IPA, see the README).
import { createRequire } from 'node:module';
import path from 'node:path';
import { root, run } from './lib.mjs';

const api = process.env.APP_API_URL ?? '';
if (!/^https?:\/\/[^/]+/.test(api)) {
  console.error(
    'APP_API_URL must be the absolute address of the Kouyu server the app talks to, e.g.\n' +
      '  APP_API_URL=https://kouyu.example.org npm run app:sync',
  );
  process.exit(1);
}
const web = path.join(root, 'apps/web');
run('npm', ['run', 'build', '-w', '@kouyu/core']);
run('npx', ['vite', 'build', '--outDir', 'dist-app', '--emptyOutDir'], {
  cwd: web,
  env: { VITE_API_BASE: `${api.replace(/\/+$/, '')}/api/v1` },
});
// Resolved like Node does: npm may keep the CLI in the workspace's own node_modules.
const cli = path.join(
  path.dirname(createRequire(path.join(web, 'package.json')).resolve('@capacitor/cli/package.json')),
  'bin/capacitor',
);
run(process.execPath, [cli, 'sync'], {
  cwd: web,
  env: { CAP_WEB_DIR: 'dist-app' },
});
console.log(`\n✓ native projects in step; the app talks to ${api}`);
