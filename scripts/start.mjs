// `npm start`: installs what is missing, builds, then serves web + API on one port (migrations and the
// content seed run as the server starts).
import { build, ensureInstalled, run } from './lib.mjs';

ensureInstalled();
build();
run('node', ['apps/server/dist/server.js']);
