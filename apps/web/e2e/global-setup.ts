import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startE2eServer } from './server';
import { startTranscriptionStandIn } from './transcription-standin';
import { startStripeStandIn } from '../../server/src/membership/standins/stripe-standin';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    adminEmail: string;
    adminPassword: string;
    /** The transcription stand-in's base URL (its `GET /requests` lists what it heard). */
    transcriptionURL: string;
  }
}

/** Starts the built product as a user would (`node apps/server/dist/server.js`) on a free port and an empty data directory. */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../../..');
  const entry = path.join(root, 'apps/server/dist/server.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('e2e tests need the build: run `npm run build` (npm test does it)');
  }
  const port = await freePort();
  // Speech recognition goes to a local test stand-in for an OpenAI-compatible vendor.
  const transcription = await startTranscriptionStandIn();
  // Payments go to a local Stripe stand-in whose checkout page delivers the signed webhook to the server.
  const stripe = await startStripeStandIn({
    webhookUrl: `http://127.0.0.1:${port}/api/v1/payments/stripe/webhook`,
  });
  const server = await startE2eServer(
    {
      // The campus card page is on (its password gate is part of the e2e run).
      CAMPUS_CARD_PASSWORD: 'campus-e2e-pass',
      // An absolute QR address on another origin than the page's: the site serves it as its own image.
      WECHAT_QR_URL: `http://localhost:${port}/icon-192.png`,
      ASR_ENGINE: 'openai',
      OPENAI_ASR_BASE_URL: transcription.baseUrl,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.baseUrl,
    },
    port,
  );
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  project.provide('adminEmail', server.adminEmail);
  project.provide('adminPassword', server.adminPassword);
  project.provide('transcriptionURL', transcription.baseUrl);
  return async () => {
    await server.stop();
    await transcription.close();
    await stripe.close();
  };
}
