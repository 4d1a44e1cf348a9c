import { Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { FEEDBACK_DONE, savedFeedbackSchema } from '@kouyu/core';
import { users } from '../db/schema.js';
import { seedContent } from '../db/seed/index.js';
import { hskkSeed } from '../db/seed/hskk.js';
import { clientAddress, signUp } from './accounts.js';
import { forgetUser } from '../accounts/user-cache.js';

/** Loads only the HSKK tests (the other content sets are not needed and take long on PGlite). */
export async function seedHskk(app: FastifyInstance): Promise<void> {
  await seedContent(app.database.db, { info() {} }, [hskkSeed()]);
}

/** Sets a user's membership directly: active Plus for `days` (negative: lapsed), or none. */
export async function setPlus(app: FastifyInstance, userId: number, days: number | null): Promise<void> {
  await app.database.db
    .update(users)
    .set({
      isOfficial: days !== null,
      paymentExpiration: days === null ? null : new Date(Date.now() + days * 86_400_000),
    })
    .where(eq(users.id, userId));
  forgetUser(userId);
}

export type Account = Awaited<ReturnType<typeof signUp>>;

/** A guest, a free user, a lapsed member and an active member. */
export async function roles(app: FastifyInstance) {
  const free = await signUp(app);
  const lapsed = await signUp(app);
  await setPlus(app, lapsed.user.id, -3);
  const plus = await signUp(app);
  await setPlus(app, plus.user.id, 30);
  return { free, lapsed, plus };
}

export interface FeedbackRun {
  ws: WebSocket;
  /** Text frames in order. */
  frames: string[];
  /** Resolves with the close code once the server closed the socket. */
  closed: Promise<number>;
}

/** Opens the feedback socket from `address` (injectWS has no socket address of its own) and records every frame from the start. */
export async function feedbackSocket(
  app: FastifyInstance,
  url: string,
  opts: { address?: string; headers?: Record<string, string> } = {},
): Promise<FeedbackRun> {
  const socket = Object.defineProperty(new Socket(), 'remoteAddress', {
    value: opts.address ?? clientAddress(),
  });
  const frames: string[] = [];
  let onClose: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => {
    onClose = resolve;
  });
  const ws = await app.injectWS(
    url,
    { socket, headers: opts.headers ?? {} },
    {
      onInit(client) {
        client.on('message', (data) =>
          frames.push(Buffer.isBuffer(data) ? data.toString('utf8') : String(data)),
        );
        client.on('close', (code) => onClose(code));
      },
    },
  );
  return { ws, frames, closed };
}

/** The query string of a feedback payload. */
export function feedbackQuery(fields: Record<string, string | number | boolean>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) params.set(key, String(value));
  return params.toString();
}

/** A guest's answer to the try test's first question (101101), with fields to change. */
export function tryPayload(fields: Record<string, string | number | boolean> = {}) {
  return {
    question_id: 101_101,
    level_id: 1,
    part_id: 1,
    user_answers: '我家有四个人',
    orig_answers: '我家有四个人',
    completed_time: 12,
    is_guest: true,
    language: 'en',
    ...fields,
  };
}

/** A finished run split into the streamed chunks, the saved record and anything after it. */
export async function finished(run: FeedbackRun) {
  const closeCode = await run.closed;
  const done = run.frames.indexOf(FEEDBACK_DONE);
  const saved = done >= 0 ? savedFeedbackSchema.parse(JSON.parse(run.frames[done + 1] ?? 'null')) : null;
  return {
    closeCode,
    chunks: done >= 0 ? run.frames.slice(0, done) : [],
    saved,
    after: done >= 0 ? run.frames.slice(done + 2) : run.frames,
  };
}

const errorFrame = z.object({ success: z.literal(false), code: z.string(), error: z.string() });

/** A refused run: its one error frame and the close code; throws when more came. */
export async function failed(run: FeedbackRun) {
  const closeCode = await run.closed;
  if (run.frames.length !== 1) throw new Error(`expected one error frame, got ${JSON.stringify(run.frames)}`);
  return { closeCode, ...errorFrame.parse(JSON.parse(run.frames[0] ?? '')) };
}
