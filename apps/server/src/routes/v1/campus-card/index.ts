import QRCode from 'qrcode';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CAMPUS_VERIFY_PER_MINUTE,
  INVITATION_BONUS_POINTS,
  LANGUAGES,
  campusCardSchema,
  campusPassSchema,
  campusSettingsBody,
  campusSettingsSchema,
  campusVerifyBody,
} from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { AppError, errors } from '../../../lib/errors.js';
import { campusPassValid, passwordMatches, signCampusPass } from '../../../campus-card/pass.js';
import { countCampusSignups, readCampusCard, saveCampusCard } from '../../../campus-card/store.js';

const cardQuery = z.object({ language: z.enum(LANGUAGES).default('en') });

/** The QR code of a URL as an SVG data URL (shown with <img>, allowed by the CSP's `data:` images). */
async function qrDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * Campus card (spec 000 §2, §5): the password gate, the card behind it, and the admin's settings.
 * Without CAMPUS_CARD_PASSWORD the gate and the card answer 503 `campus_card_disabled`.
 */
export const campusCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const secret = app.config.jwtSecret;
  const password = () => {
    const p = app.config.CAMPUS_CARD_PASSWORD;
    if (!p) throw new AppError(503, 'campus_card_disabled');
    return p;
  };
  const publicBase = (req: FastifyRequest) =>
    (app.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');

  app.post(
    '/campus-card/verify',
    {
      // Scaled like the sign-in limits: a school behind one address is many people.
      config: {
        rateLimit: {
          max: Math.max(1, Math.round(CAMPUS_VERIFY_PER_MINUTE * app.config.AUTH_RATE_LIMIT_SCALE)),
          timeWindow: 60_000,
        },
      },
      schema: { body: campusVerifyBody, response: { 200: campusPassSchema } },
    },
    async (req) => {
      const expected = password();
      if (!passwordMatches(req.body.password, expected)) throw errors.unauthorized('invalid_password');
      const { pass, expiresAt } = await signCampusPass(secret, expected);
      return { success: true as const, pass, expires_at: expiresAt.toISOString() };
    },
  );

  app.get(
    '/campus-card',
    { schema: { querystring: cardQuery, response: { 200: campusCardSchema } } },
    async (req) => {
      const expected = password();
      const header = req.headers.authorization ?? '';
      const pass = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!pass || !(await campusPassValid(secret, expected, pass))) {
        throw errors.unauthorized('campus_pass_required');
      }
      const language: Language = req.query.language;
      const card = await readCampusCard(db);
      const text = card?.texts[language];
      const registerUrl = card
        ? `${publicBase(req)}/${language}/auth?mode=register&invite=${encodeURIComponent(card.code)}`
        : null;
      return {
        success: true as const,
        data: {
          language,
          code: card?.code ?? null,
          title: text?.title || null,
          offer: text?.offer || null,
          register_url: registerUrl,
          qr_svg: registerUrl ? await qrDataUrl(registerUrl) : null,
          bonus_points: INVITATION_BONUS_POINTS,
          signups: card ? await countCampusSignups(db, card.code) : 0,
        },
      };
    },
  );

  const settings = async () => {
    const card = await readCampusCard(db);
    return {
      success: true as const,
      data: {
        enabled: Boolean(app.config.CAMPUS_CARD_PASSWORD),
        code: card?.code ?? null,
        texts: card?.texts ?? {},
        signups: card ? await countCampusSignups(db, card.code) : 0,
      },
    };
  };

  app.get(
    '/admin/campus-card',
    { onRequest: app.requireAdmin, schema: { response: { 200: campusSettingsSchema } } },
    settings,
  );

  app.put(
    '/admin/campus-card',
    {
      onRequest: app.requireAdmin,
      schema: { body: campusSettingsBody, response: { 200: campusSettingsSchema } },
    },
    async (req) => {
      await saveCampusCard(db, { code: req.body.code, texts: req.body.texts });
      return settings();
    },
  );
};
