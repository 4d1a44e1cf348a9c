import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DICTATION_ANALYSIS_TTL_MS, handwritingAnalysisSchema } from '@kouyu/core';
import type { HandwritingAnalysis } from '@kouyu/core';
import type { Kv } from '../plugins/kv.js';

/** An analysis kept on the server between `POST /analyze` and a save, so the score is never the client's. */
export interface PendingAnalysis {
  user_id: number;
  words: string[];
  recognized_text: string;
  analysis: HandwritingAnalysis;
  image_key: string;
}

const pendingSchema = z.object({
  user_id: z.number().int(),
  words: z.array(z.string()),
  recognized_text: z.string(),
  analysis: handwritingAnalysisSchema,
  image_key: z.string(),
});

const kvKey = (id: string) => `dictation:analysis:${id}`;

/** Keeps an analysis for 30 minutes; returns its id. */
export async function keepAnalysis(kv: Kv, pending: PendingAnalysis): Promise<string> {
  const id = randomUUID();
  await kv.set(kvKey(id), JSON.stringify(pending), DICTATION_ANALYSIS_TTL_MS);
  return id;
}

/** The kept analysis of this id, or null when unknown or expired. */
export async function findAnalysis(kv: Kv, id: string): Promise<PendingAnalysis | null> {
  const raw = await kv.get(kvKey(id));
  if (!raw) return null;
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
