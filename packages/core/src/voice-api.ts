/**
 * What the server hears in a recording (the voice analysis): fluency from the audio itself and, when the
 * text is known, each syllable's tone. `POST /api/v1/audio/assess` answers it, and the examiner takes it
 * as measures of its own.
 */
import { z } from 'zod';

/** The longest recording POST /api/v1/audio/assess takes, in seconds (a read-aloud answer is under a minute). */
export const VOICE_ASSESS_MAX_S = 60;
/** The longest reference text it aligns with, in characters. */
export const VOICE_REFERENCE_MAX_CHARS = 300;
/** Assessments one user may ask for per minute. */
export const VOICE_ASSESS_PER_MINUTE = 30;

/** Tones as numbers: 1-4, and 5 for the neutral tone. */
export const toneSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export type Tone = z.infer<typeof toneSchema>;

/** One syllable of the reference text as the learner said it. */
export const assessedSyllableSchema = z.object({
  char: z.string(),
  pinyin: z.string(),
  expected_tone: toneSchema,
  /** The tone heard, or null when the syllable had too little voicing to judge. */
  heard_tone: toneSchema.nullable(),
  /** 0-1: how sure the classifier is of heard_tone. */
  confidence: z.number().min(0).max(1),
  /** 0-1: the classifier's probability of the expected tone; a wrong tone is marked when it is low (toneVerdict). */
  expected_probability: z.number().min(0).max(1).optional(),
  start_ms: z.number().nonnegative(),
  end_ms: z.number().nonnegative(),
  /** Pitch contour in semitones relative to the speaker's median, evenly spaced over the syllable. */
  contour: z.array(z.number()).optional(),
});
export type AssessedSyllable = z.infer<typeof assessedSyllableSchema>;

/** Fluency measured from the audio alone (no recogniser needed). */
export const fluencySchema = z.object({
  /** Total time with voice. */
  speech_ms: z.number().nonnegative(),
  /** Length of the whole recording. */
  duration_ms: z.number().nonnegative().optional(),
  pause_count: z.number().int().nonnegative(),
  longest_pause_ms: z.number().nonnegative(),
  syllables_per_minute: z.number().nonnegative(),
  /** Silence before the first voiced frame (hesitation at the start). */
  start_delay_ms: z.number().nonnegative().optional(),
});
export type Fluency = z.infer<typeof fluencySchema>;

/** The whole analysis of one recording. */
export const voiceReportSchema = z.object({
  fluency: fluencySchema,
  /** Present when a reference text was known (repeat, read aloud, or a transcript). */
  syllables: z.array(assessedSyllableSchema).optional(),
});
export type VoiceReport = z.infer<typeof voiceReportSchema>;

/** Answer of POST /api/v1/audio/assess. */
export const assessResponseSchema = z.object({
  success: z.literal(true),
  syllables: z.array(assessedSyllableSchema),
  fluency: fluencySchema,
});
export type AssessResponse = z.infer<typeof assessResponseSchema>;
