/**
 * The campus card (spec 000 §2, §5, §8): a password gate checked by the server, then a printable card
 * whose QR code opens registration with the campus invitation code.
 */
import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { invitationCodeSchema } from './validation.js';

/** How long a pass from `POST /campus-card/verify` stays valid. */
export const CAMPUS_PASS_TTL_S = 30 * 24 * 3600;
/** Password attempts per client address per minute. */
export const CAMPUS_VERIFY_PER_MINUTE = 5;
/** Longest card title and offer text an admin may set. */
export const CAMPUS_TITLE_MAX = 80;
export const CAMPUS_OFFER_MAX = 600;

/** `POST /campus-card/verify`. */
export const campusVerifyBody = z.object({ password: z.string().min(1).max(200) });
export const campusPassSchema = z.object({
  success: z.literal(true),
  pass: z.string(),
  expires_at: z.string(),
});
export type CampusPass = z.infer<typeof campusPassSchema>;

/** What the pass is kept as under `campus_card_auth` in local storage. */
export const storedCampusPassSchema = z.object({ pass: z.string().min(1), expires_at: z.string() });

/** True while a stored pass has not expired (the server checks the signature; this only skips a dead one). */
export function campusPassLive(stored: { expires_at: string }, now = new Date()): boolean {
  const t = Date.parse(stored.expires_at);
  return Number.isFinite(t) && t > now.getTime();
}

const textSchema = z.object({
  title: z.string().trim().max(CAMPUS_TITLE_MAX),
  offer: z.string().trim().max(CAMPUS_OFFER_MAX),
});
/** The card's own texts per language; an empty text falls back to the product's default wording. */
export const campusTextsSchema = z.partialRecord(z.enum(LANGUAGES), textSchema);
export type CampusTexts = z.infer<typeof campusTextsSchema>;

/** `GET /campus-card` (with the pass): the card in the viewer's language. */
export const campusCardSchema = z.object({
  success: z.literal(true),
  data: z.object({
    language: z.enum(LANGUAGES),
    /** Null until an admin sets the campus code. */
    code: z.string().nullable(),
    /** The admin's title and offer for this language, or null for the default wording. */
    title: z.string().nullable(),
    offer: z.string().nullable(),
    /** Absolute registration address with the campus code; the QR code encodes it. */
    register_url: z.string().nullable(),
    /** The QR code of `register_url` as an SVG data URL. */
    qr_svg: z.string().nullable(),
    /** Points a student gets for signing up through the code. */
    bonus_points: z.number().int(),
    /** Verified sign-ups through the current code so far. */
    signups: z.number().int(),
  }),
});
export type CampusCard = z.infer<typeof campusCardSchema>['data'];

/** `PUT /admin/campus-card`: the code the card hands out and its texts. */
export const campusSettingsBody = z.object({ code: invitationCodeSchema, texts: campusTextsSchema });
export type CampusSettingsInput = z.input<typeof campusSettingsBody>;

/** `GET`/`PUT /admin/campus-card`. */
export const campusSettingsSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Whether CAMPUS_CARD_PASSWORD is set (the page is on). */
    enabled: z.boolean(),
    code: z.string().nullable(),
    texts: campusTextsSchema,
    signups: z.number().int(),
  }),
});
export type CampusSettings = z.infer<typeof campusSettingsSchema>['data'];
