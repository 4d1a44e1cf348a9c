/** Business constants named as the specifications name them (spec 000 §9, spec 001 §9). */

export const LANGUAGES = ['en', 'zh', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_SWITCH_DELAY_MS = 100;

export const MOBILE_BREAKPOINT_PX = 768;
export const MODAL_FADE_IN_MS = 100;
export const MOBILE_MODAL_REOPEN_DELAY_MS = 500;

export const NAME_CUT_AT = 15;
export const NAME_CUT_TO = 12;

export const FEEDBACK_MESSAGE_MIN = 5;
export const FEEDBACK_MESSAGE_MAX = 1024;
export const FEEDBACK_COOLDOWN_DEFAULT_S = 20;
export const FEEDBACK_SUCCESS_CLOSE_MS = 2000;

export const CODE_LENGTH = 6;
export const PASSWORD_MIN = 6;
export const INVITATION_BONUS_POINTS = 10;
/** Invitation bonuses one inviter earns per calendar month (UTC), so self-made accounts buy no Plus. */
export const INVITATION_BONUSES_PER_MONTH = 5;
/** Invitees finishing their first test from one address in a month that make a cluster for the admin. */
export const INVITATION_CLUSTER_SIZE = 3;

export const DICTATION_WORD_MAX_CHARS = 50;
export const DICTATION_WORDS_FREE = 10;
export const DICTATION_WORDS_PLUS = 20;
/** Dictation words a guest may hear a day from one address, beyond our own content (spec 000 §6). */
export const DICTATION_GUEST_WORDS_PER_DAY = 60;

export const VIP_GRACE_MS = 60_000;
export const VIP_EXPIRY_PAST_LIMIT_MS = 365 * 24 * 3600 * 1000;
export const VIP_EXPIRY_FUTURE_LIMIT_MS = 5 * 366 * 24 * 3600 * 1000;
export const PLUS_WARNING_DAYS = 7;
export const PLUS_URGENT_DAYS = 1;

export const TEST_LIST_PAGE_SIZE = 6;
export const GUEST_LIST_PADDED_TO = 16;
export const PLACEHOLDER_TIME_LIMIT_MIN = 45;
export const PLACEHOLDER_ID_BASE = 10_000;

export const RESULTS_DEFAULT_PAGE = 1;
export const RESULTS_DEFAULT_PAGE_SIZE = 10;
export const IDIOMS_PAGE_SIZE = 20;

export const HSK_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export const HSK_WRITING_LEVELS = [3, 4, 5, 6] as const;
export const HSKK_LEVELS = ['basic', 'intermediate', 'advanced'] as const;
export type HskkLevel = (typeof HSKK_LEVELS)[number];

/** Level names to ids (spec 000 §3). */
export const LEVEL_IDS = {
  basic: 1,
  intermediate: 2,
  advanced: 3,
  expert: 4,
  master: 5,
  superior: 6,
} as const;

/** HSK written levels each HSKK level covers (level-selection modal). */
export const HSKK_HSK_RANGE: Record<HskkLevel, readonly [number, number]> = {
  basic: [1, 2],
  intermediate: [3, 4],
  advanced: [5, 6],
};

export const STUDY_TIPS_PER_LANGUAGE = 20;
export const MOTIVATIONAL_PHRASES_PER_LANGUAGE = 10;
export const LEVEL_MODAL_FEATURES_SHOWN = 3;
export const FAQ_QUESTIONS = 5;

/** Speaking test (spec 001 §9). */
export const QUESTION_TIME_LIMIT_DEFAULT_S = 10;
export const AUTO_NEXT_DELAY_MS = 2000;
export const EMPTY_ANSWER_WAIT_MS = 3000;
export const WARNING_DISPLAY_MS = 3000;
export const CLICK_TO_PLAY_DISMISS_MS = 10_000;
export const USER_ACTIVATION_WINDOW_MS = 5000;
export const TTS_SAMPLE_RATE = 22050;
export const TTS_LONG_TEXT_CHARS = 120;
export const TTS_LONG_END_WAIT_MS = 8000;
export const TTS_SHORT_END_WAIT_MS = 3000;
export const TTS_CHUNK_DELAY_MS = 300;
export const ASR_SAMPLE_RATE = 16000;
export const ASR_RETRIES = 3;
export const ASR_RETRY_BASE_DELAY_MS = 1000;
export const TRANSCRIPTION_TIMEOUT_MS = 15_000;
export const TRANSCRIPTION_RESENDS = 3;
export const ASR_RECONNECT_DELAY_MS = 2000;
export const PING_INTERVAL_MS = 30_000;
export const PING_TIMEOUT_MS = 5000;
export const ASR_BUFFER_CHUNKS = 5000;
export const RECORDER_CHUNK_MS = 100;
export const FEEDBACK_WS_URL_LIMIT = 2000;
export const DEBUG_LOG_ENTRIES = 50;
export const ANSWER_BOX_MAX_HEIGHT_PX = 200;
export const QUESTION_IMAGE_MAX_HEIGHT_PX = 400;

/** Storage keys exactly as the specification names them. */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  refreshToken: 'refresh_token',
  userData: 'user_data',
  language: 'language',
  campusCardAuth: 'campus_card_auth',
  idiomRecordTried: 'useridiomrecordtried',
  lastMobileModal: 'last_mobile_modal',
  /** The microphone picked on the speech check; every recording uses it. */
  microphoneId: 'microphone_id',
  /** '1' once the app was installed: the install prompt and banner stay away (also before the app runs). */
  appInstalled: 'app_installed',
  /** Names of the page-font sets this device loaded, most recent last (decision 020). */
  pageFonts: 'page_fonts',
  /** Whether this device has a Chinese font of its own ('1' or '0') and when that was probed (ms). */
  systemCjkFont: 'system_cjk_font',
  /** A guest's last free try (scores and the reviews a guest may see), shown again on home. */
  guestLastTry: 'guest_last_try',
} as const;

/** Analytics goals (spec 000 §1). */
export const ANALYTICS_GOALS = { register: 1, upgradePlus: 2, firstTestCompleted: 3 } as const;
