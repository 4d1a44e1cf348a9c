import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Seeded content versions, so the seed runs once per content version. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull().default(''),
    username: text('username').notNull(),
    isOfficial: boolean('is_official').notNull().default(false),
    paymentExpiration: timestamp('payment_expiration', { withTimezone: true }),
    userLevel: text('user_level').notNull().default('basic'),
    shareCode: text('share_code').notNull(),
    invitedCode: text('invited_code'),
    invitedBy: integer('invited_by'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    language: text('language').notNull().default('en'),
    /** HSK syllabus studied (`hsk2` | `hsk3`): new learners HSK 3.0; the migration kept earlier ones on HSK 2.0. */
    syllabus: text('syllabus').$type<'hsk2' | 'hsk3'>().notNull().default('hsk3'),
    settings: jsonb('settings')
      .$type<{ asr_model: 'dashscope' | 'doubao' }>()
      .notNull()
      .default(sql`'{"asr_model":"doubao"}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_share_code_uq').on(t.shareCode),
  ],
);

/** Every change of a points balance, so a balance can always be explained. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    ref: text('ref'),
    createdAt: createdAt(),
  },
  (t) => [index('points_ledger_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored hashed, rotated on use; a family shares one login. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** One-time 6-digit codes for e-mail verification and password reset, stored hashed. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Every mail the server sends; without SMTP this table is the dev outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  purpose: text('purpose').notNull(),
  transport: text('transport').$type<'smtp' | 'outbox'>().notNull(),
  error: text('error'),
  createdAt: createdAt(),
});

type Localised = { en: string; zh: string; ru: string };

/** HSKK speaking tests (content seed). */
export const hskkTests = pgTable('hskk_tests', {
  id: integer('id').primaryKey(),
  level: text('level').$type<'basic' | 'intermediate' | 'advanced'>().notNull(),
  levelId: integer('level_id').notNull(),
  number: integer('number').notNull(),
  testName: jsonb('test_name').$type<Localised>().notNull(),
  description: jsonb('description').$type<Localised>().notNull(),
  difficulty: text('difficulty').notNull(),
  testType: text('test_type').notNull(),
  timeLimit: integer('time_limit').notNull(),
  isOfficial: boolean('is_official').notNull().default(false),
  isTry: boolean('is_try').notNull().default(false),
  availableParts: jsonb('available_parts').$type<number[]>().notNull(),
});

/** Part instructions of a test. */
export const hskkParts = pgTable(
  'hskk_parts',
  {
    testId: integer('test_id')
      .notNull()
      .references(() => hskkTests.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    instructions: jsonb('instructions').$type<Localised>().notNull(),
  },
  (t) => [uniqueIndex('hskk_parts_uq').on(t.testId, t.part)],
);

/** Questions of spec 001 §3 plus what scoring needs (reference text, model answers, key points). */
export const hskkQuestions = pgTable(
  'hskk_questions',
  {
    id: integer('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => hskkTests.id, { onDelete: 'cascade' }),
    levelId: integer('level_id').notNull(),
    part: integer('part').notNull(),
    number: integer('number').notNull(),
    questionType: text('question_type').notNull(),
    questionText: text('question_text'),
    questionPinyin: text('question_pinyin'),
    audioText: text('audio_text').notNull(),
    referenceText: text('reference_text'),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    imageTexts: jsonb('image_texts').$type<string[]>().notNull().default([]),
    answerOptions: jsonb('answer_options').$type<string[]>().notNull().default([]),
    pictureOptions: jsonb('picture_options').$type<string[]>().notNull().default([]),
    correctAnswer: text('correct_answer'),
    timeLimit: integer('time_limit').notNull().default(10),
    audioPlayLimit: integer('audio_play_limit'),
    asrModel: text('asr_model').$type<'dashscope' | 'doubao'>().notNull().default('dashscope'),
    modelAnswers: jsonb('model_answers').$type<string[]>().notNull().default([]),
    keyPoints: jsonb('key_points').$type<string[]>().notNull().default([]),
  },
  (t) => [index('hskk_questions_test_part_idx').on(t.testId, t.part, t.number)],
);

/**
 * HSK words by syllabus and level: HSK 2.0 (CC-CEDICT derived, Russian written for Kouyu) and HSK 3.0
 * (the 2025 lists; a word with senses at several levels has a row per level, `sense` its homograph number).
 */
export const vocabWords = pgTable(
  'vocab_words',
  {
    id: serial('id').primaryKey(),
    syllabus: text('syllabus').$type<'hsk2' | 'hsk3'>().notNull().default('hsk2'),
    level: integer('level').notNull(),
    position: integer('position').notNull(),
    simplified: text('simplified').notNull(),
    traditional: text('traditional').notNull(),
    pinyin: text('pinyin').notNull(),
    pinyinNum: text('pinyin_num').notNull(),
    /** Toneless pinyin without spaces (`yinhang`), for search. */
    pinyinPlain: text('pinyin_plain').notNull(),
    en: text('en').notNull(),
    ru: text('ru').notNull(),
    measureWords: jsonb('measure_words')
      .$type<{ simplified: string; pinyin: string }[]>()
      .notNull()
      .default([]),
    pos: text('pos'),
    sense: integer('sense').notNull().default(0),
    /** HSK 3.0: the syllabus's level note (`1（2）（4）`). */
    levelNote: text('level_note'),
    /** HSK 3.0: the word as written in the syllabus when it has an optional part (`没（有）`). */
    written: text('written'),
    /** Shorter forms the written word allows (`没`), found by search too. */
    forms: jsonb('forms').$type<string[]>().notNull().default([]),
  },
  (t) => [
    // A level lists a word once per sense and reading (过 guò and guo), so the place in the list is the key.
    uniqueIndex('vocab_words_syllabus_level_position_uq').on(t.syllabus, t.level, t.position),
    index('vocab_words_plain_idx').on(t.pinyinPlain),
  ],
);

/** The characters new at each level of a syllabus (HSK 3.0 lists them; HSK 2.0's come from its words). */
export const vocabCharacters = pgTable(
  'vocab_characters',
  {
    syllabus: text('syllabus').$type<'hsk2' | 'hsk3'>().notNull(),
    level: integer('level').notNull(),
    position: integer('position').notNull(),
    character: text('character').notNull(),
  },
  (t) => [primaryKey({ columns: [t.syllabus, t.level, t.character] })],
);

export const idiomCategories = pgTable('idiom_categories', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  name: jsonb('name').$type<Localised>().notNull(),
});

/** Curated chengyu (with category, meanings in three languages, example) and every CC-CEDICT idiom. */
export const idioms = pgTable(
  'idioms',
  {
    id: serial('id').primaryKey(),
    chengyu: text('chengyu').notNull(),
    traditional: text('traditional'),
    pinyin: text('pinyin').notNull(),
    pinyinPlain: text('pinyin_plain').notNull(),
    curated: boolean('curated').notNull().default(false),
    categoryId: text('category_id').references(() => idiomCategories.id),
    hsk: boolean('hsk').notNull().default(false),
    hskLevel: integer('hsk_level'),
    /** English gloss from CC-CEDICT (every idiom). */
    en: text('en').notNull(),
    meaning: jsonb('meaning').$type<Localised>(),
    literal: jsonb('literal').$type<Partial<Localised>>(),
    example: jsonb('example').$type<{ zh: string; pinyin: string; en: string; ru: string }>(),
    origin: jsonb('origin').$type<Partial<Localised>>(),
  },
  (t) => [
    uniqueIndex('idioms_chengyu_uq').on(t.chengyu),
    index('idioms_curated_idx').on(t.curated, t.categoryId),
  ],
);

/** A user's favourite idioms. */
export const userIdioms = pgTable(
  'user_idioms',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idiomId: integer('idiom_id')
      .notNull()
      .references(() => idioms.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_idioms_uq').on(t.userId, t.idiomId)],
);

/** Idiom practice attempts. */
export const idiomRecords = pgTable(
  'idiom_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idiomId: integer('idiom_id')
      .notNull()
      .references(() => idioms.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    correct: boolean('correct').notNull(),
    answer: text('answer'),
    createdAt: createdAt(),
  },
  (t) => [index('idiom_records_user_idx').on(t.userId, t.createdAt)],
);

/** Feedback saved at the end of a feedback stream (one answered question). */
export const feedbackRecords = pgTable(
  'feedback_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    levelId: integer('level_id').notNull(),
    partId: integer('part_id').notNull(),
    isFullTest: boolean('is_full_test').notNull().default(false),
    userAnswers: text('user_answers').notNull(),
    origAnswers: text('orig_answers').notNull().default(''),
    completedTime: integer('completed_time'),
    language: text('language').notNull().default('en'),
    engine: text('engine').notNull(),
    score: integer('score').notNull(),
    feedback: text('feedback').notNull(),
    feedbackHtml: text('feedback_html').notNull(),
    measures: jsonb('measures').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_records_user_idx').on(t.userId)],
);

/** A submitted test run (`POST /user-test-questions`): one part or the full test. */
export const testResults = pgTable(
  'test_results',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    testId: integer('test_id').notNull(),
    levelId: integer('level_id').notNull(),
    partId: integer('part_id'),
    isFullTest: boolean('is_full_test').notNull(),
    score: integer('score'),
    completedTime: integer('completed_time'),
    answers: jsonb('answers')
      .$type<
        {
          question_id: number;
          question_number: number;
          user_answers: string;
          orig_answers: string;
          score: number | null;
          ai_feedback_id: number | null;
          /** The kept recording of the answer, when there was one. */
          audio_id?: string;
        }[]
      >()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_results_user_idx').on(t.userId, t.createdAt)],
);

/** Dictation sessions: the words, the handwriting photo and its character-by-character analysis. */
export const dictationSessions = pgTable(
  'dictation_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    words: jsonb('words').$type<string[]>().notNull(),
    intervalS: integer('interval_s').notNull(),
    imageKey: text('image_key'),
    recognizedText: text('recognized_text'),
    analysis: jsonb('analysis').$type<Record<string, unknown>>(),
    score: integer('score'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dictation_sessions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Handwriting photos that may belong to no session: each analysed upload, and a photo a session
 * update replaced. The sweep removes those that no session refers to once no kept analysis can
 * still save them.
 */
export const dictationUploads = pgTable(
  'dictation_uploads',
  {
    key: text('key').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index('dictation_uploads_created_idx').on(t.createdAt)],
);

/** HSK written practice sets (items include answers; the API strips them). */
export const hskSets = pgTable(
  'hsk_sets',
  {
    id: text('id').primaryKey(),
    /** The syllabus whose format and words the set follows; sets written before HSK 3.0 are HSK 2.0's. */
    syllabus: text('syllabus').$type<'hsk2' | 'hsk3'>().notNull().default('hsk2'),
    level: integer('level').notNull(),
    section: text('section').$type<'listening' | 'reading' | 'writing'>().notNull(),
    number: integer('number').notNull(),
    title: jsonb('title').$type<Localised>().notNull(),
    instructions: jsonb('instructions').$type<Localised>().notNull(),
    timeLimit: integer('time_limit').notNull(),
    items: jsonb('items').$type<Record<string, unknown>[]>().notNull(),
  },
  (t) => [index('hsk_sets_syllabus_level_section_idx').on(t.syllabus, t.level, t.section)],
);

/** Scored attempts at an HSK practice set. */
export const hskAttempts = pgTable(
  'hsk_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setId: text('set_id')
      .notNull()
      .references(() => hskSets.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    score: integer('score').notNull(),
    maxScore: integer('max_score').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hsk_attempts_user_idx').on(t.userId, t.createdAt)],
);

/** Messages of the feedback/contact form. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    feedbackType: text('feedback_type').notNull(),
    rating: integer('rating'),
    status: text('status').$type<'new' | 'read' | 'resolved'>().notNull().default('new'),
    adminNote: text('admin_note'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contacts_status_idx').on(t.status, t.createdAt)],
);

// ── Analytics and campus card (decision 015) ──────────────────────────────────────────────────────────

/**
 * Daily counters: the spec's goals (`kind` goal) and failed API calls by error code (`kind` error).
 * Only a count per day and name is kept, never who or from where.
 */
export const analyticsCounts = pgTable(
  'analytics_counts',
  {
    day: text('day').notNull(),
    kind: text('kind').$type<'goal' | 'error'>().notNull(),
    name: text('name').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.name] })],
);

/** The campus card an admin sets up (one row): the invitation code it hands out and its own texts. */
export const campusCard = pgTable('campus_card', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  texts: jsonb('texts')
    .$type<Partial<Record<'en' | 'zh' | 'ru', { title: string; offer: string }>>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Plus membership (membership/): payments, redeem codes and the ledger of every change ----

/** One checkout of a plan; becomes `paid` only on a verified provider event. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id of the checkout (Stripe: the Checkout Session id). */
    providerRef: text('provider_ref').notNull(),
    /** The provider's id of the money movement refunds name (Stripe: the PaymentIntent id). */
    paymentRef: text('payment_ref'),
    plan: text('plan').notNull(),
    days: integer('days').notNull(),
    /** In the currency's smallest unit, as the provider counts it. */
    amount: integer('amount').notNull(),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status')
      .$type<'pending' | 'paid' | 'unpaid' | 'refunded' | 'partially_refunded'>()
      .notNull()
      .default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('payments_payment_ref_idx').on(t.paymentRef),
    index('payments_user_idx').on(t.userId),
  ],
);

/** Provider events already applied: a replayed or duplicate event id changes nothing twice. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_uq').on(t.provider, t.eventId)],
);

export const redeemBatches = pgTable('redeem_batches', {
  id: serial('id').primaryKey(),
  days: integer('days').notNull(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  note: text('note'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Codes stored normalised (upper case, no spaces or dashes); one use each. */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => redeemBatches.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('redeem_codes_code_uq').on(t.code), index('redeem_codes_batch_idx').on(t.batchId)],
);

/** Every change of a Plus expiry and where it came from, so a membership can always be explained. */
export const membershipChanges = pgTable(
  'membership_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'payment' | 'code' | 'points' | 'refund' | 'admin'>().notNull(),
    days: integer('days').notNull(),
    previousExpiry: timestamp('previous_expiry', { withTimezone: true }),
    newExpiry: timestamp('new_expiry', { withTimezone: true }),
    ref: text('ref'),
    createdAt: createdAt(),
  },
  (t) => [index('membership_changes_user_idx').on(t.userId)],
);

// ── Persistent limits (decision 012) ─────────────────────────────────────────────────────────────────

/**
 * The key-value store with expiry (plugins/kv.ts) when no Redis is configured: sign-in delays, code
 * blocks and cooldowns must survive a restart, so they cannot live in process memory.
 */
export const kvEntries = pgTable(
  'kv_entries',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kv_entries_expires_idx').on(t.expiresAt)],
);

/**
 * Inviters whose invitees finished a first test from one address in one month (accounts/invitation.ts):
 * shown to admins as a possible cluster of self-made invitations. One row per inviter, month and address.
 */
export const invitationClusters = pgTable(
  'invitation_clusters',
  {
    id: serial('id').primaryKey(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: timestamp('month', { withTimezone: true }).notNull(),
    address: text('address').notNull(),
    invitees: integer('invitees').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitation_clusters_uq').on(t.inviterId, t.month, t.address),
    index('invitation_clusters_updated_idx').on(t.updatedAt),
  ],
);

// ── Kept answer recordings (decision 011) ───────────────────────────────────────────────────────────

/**
 * Each recording kept for the voice analysis (`audio_id`): the file lives in the upload store
 * (`answers/<id>.wav`), this row says whose it is. Swept once old unless a saved result names it.
 */
export const answerRecordings = pgTable(
  'answer_recordings',
  {
    id: text('id').primaryKey(),
    /** Null for a guest's recording: only its unguessable id reaches it, and the sweep always takes it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    durationMs: integer('duration_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('answer_recordings_created_idx').on(t.createdAt)],
);

/**
 * A learner's daily plan settings (decision 019 "Today"): the goal, the exam date, the time zone days are
 * counted in, the opt-in reminder and the levels the plan picks tasks from. No row: the defaults.
 */
export const todaySettings = pgTable(
  'today_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    goalKind: text('goal_kind').$type<'minutes' | 'items'>().notNull(),
    goalTarget: integer('goal_target').notNull(),
    examDate: text('exam_date'),
    timezone: text('timezone').notNull(),
    reminder: text('reminder').$type<'off' | 'email' | 'push'>().notNull().default('off'),
    reminderHour: integer('reminder_hour').notNull(),
    hskkLevel: text('hskk_level').$type<'basic' | 'intermediate' | 'advanced'>(),
    hskLevel: integer('hsk_level'),
    /** The learner's local day the last reminder went out, so one goes out a day at most. */
    lastReminderDay: text('last_reminder_day'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('today_settings_reminder_idx').on(t.reminder)],
);

// ── Review of the learner's own mistakes (decision 018) ─────────────────────────────────────────────

/**
 * A review card: one mistake (or a word the learner added) with its FSRS schedule. One card per user,
 * kind and hanzi, so the same mistake made again does not make a second card.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    hanzi: text('hanzi').notNull(),
    pinyin: text('pinyin'),
    tone: integer('tone'),
    meaning: jsonb('meaning').$type<Localised>(),
    context: text('context'),
    ref: jsonb('ref').$type<Record<string, string | number>>(),
    // FSRS card state (ts-fsrs `Card`)
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    state: text('state').$type<'new' | 'learning' | 'review' | 'relearning'>().notNull().default('new'),
    /** The answered_at of the answer the schedule stands on (last write wins). */
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_cards_uq').on(t.userId, t.kind, t.hanzi),
    index('review_cards_due_idx').on(t.userId, t.due),
  ],
);

/**
 * Every review answer, also those that came too late to move the schedule; a deleted card keeps its
 * answers (card_id null) so the day's counts and the streak stay. client_id makes an answer idempotent.
 */
export const reviewLog = pgTable(
  'review_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id').references(() => reviewCards.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    mode: text('mode'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    clientId: text('client_id'),
    /** The card's state before this answer ('new' counts against the new cards per day). */
    stateBefore: text('state_before').notNull(),
    /** False when a later answer had already moved the card (kept, not applied). */
    applied: boolean('applied').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_log_client_uq').on(t.userId, t.clientId),
    index('review_log_user_idx').on(t.userId, t.answeredAt),
  ],
);
