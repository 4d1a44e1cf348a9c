/**
 * The error catalogue (spec 000 §8, spec 001 §8): a stable code for every error a client can meet,
 * with the specification's English text. The web app shows `errors.<code>` in the user's language.
 */
export const ERROR_MESSAGES = {
  // platform
  not_found: 'Not found',
  route_not_found: 'This API route does not exist',
  validation_failed: 'Some fields are not valid',
  internal: 'Something went wrong on our side. Please try again.',
  rate_limited: 'Rate limit exceeded. Please wait before trying again.',
  payload_too_large: 'The request is too large',
  unsupported_media_type: 'This file type is not supported',
  malformed_upload: 'The upload could not be read. Please send the file again.',
  not_authenticated: 'Not authenticated',
  forbidden: 'You do not have permission to do this',
  service_unavailable: 'This service is not available right now',
  request_in_progress: 'The same request is still being handled. Please try again in a moment.',
  // accounts (spec 000 §8)
  registration_failed: 'Registration failed',
  email_exists: 'Email already exists',
  invalid_invitation_code: 'Invalid invitation code',
  email_blocked: 'This email is blocked due to too many verification attempts. Please contact support',
  email_not_verified_code_sent:
    "Email not verified. We've sent you a verification code to complete your account setup.",
  email_not_verified_rate_limited:
    'Email not verified. Please wait before requesting another verification code.',
  max_verification_attempts: 'Maximum verification attempts reached. Please contact support.',
  invalid_credentials: 'Invalid email or password',
  login_failed: 'Login failed',
  no_refresh_token: 'No refresh token available',
  token_refresh_failed: 'Token refresh failed',
  email_verification_failed: 'Email verification failed',
  resend_verification_failed: 'Failed to resend verification email',
  password_reset_send_failed: 'Failed to send password reset email',
  password_reset_verify_failed: 'Failed to verify password reset code',
  password_reset_failed: 'Failed to reset password',
  password_reset_resend_failed: 'Failed to resend password reset email',
  profile_refresh_rate_limited: 'Rate limited - please wait before refreshing again.',
  no_user_data: 'No user data returned',
  invalid_date: 'Invalid date format',
  date_out_of_range: 'Date out of reasonable range',
  email_not_found: 'No account uses this email',
  code_expired: 'The code has expired. Please request a new one.',
  invalid_code: 'The code is not correct',
  already_verified: 'This email is already verified',
  login_required: 'Login required',
  token_expired: 'Your sign-in has expired. Please sign in again.',
  auth_token_missing: 'Authentication token not found. Please log in.',
  wrong_password: 'The current password is not correct',
  // membership and access (spec 001 §6)
  official_required: 'This is an official test requiring official user status. Official membership required.',
  guest_part_only: 'Guest users can only access Part 1. Please sign up to unlock all tests and features.',
  plus_required: 'Plus membership required',
  test_not_found: 'No questions found for this test',
  question_not_in_test: 'This question does not belong to this test part',
  // AI feedback (spec 001 §5, §8)
  feedback_user_required: 'User ID is required for AI feedback.',
  feedback_session_expired: 'The feedback session has expired or does not exist. Please try again.',
  feedback_failed: 'Failed to get AI feedback',
  // feedback / contact
  feedback_cooldown: 'Please wait {seconds} seconds before sending another message.',
  // speech synthesis (spec 001 §7)
  tts_text_too_long: 'The text is too long: at most {max} characters per synthesis task',
  tts_failed: 'Speech synthesis failed',
  // speech recognition (spec 001 §7, §8)
  asr_unavailable: 'Speech recognition is not configured on this server. You can type what you said.',
  no_audio_recorded: 'No audio data recorded',
  transcription_failed: 'Transcription failed',
  asr_idle_timeout: 'No audio arrived for too long, so recognition stopped.',
  // voice analysis (decision 011)
  audio_unreadable: 'The recording could not be read. Please record again.',
  audio_too_long: 'The recording is too long: at most {max} seconds can be assessed',
  no_chinese_text: 'The reference text holds no Chinese characters to compare with',
  asr_bad_message: 'The recognition message is not valid',
  speech_quota_reached: "You have used today's speech allowance ({limit}). It renews tomorrow.",
  http_status: 'HTTP {status}',
  recording_start_failed: 'Error starting recording',
  recording_stop_failed: 'Error stopping recording',
  results_failed: 'Failed to process results',
  // dictation (spec 000 §5)
  too_many_words: 'Too many words: at most {limit} words per dictation',
  dictation_guest_limit: "You have heard today's {limit} words as a guest. Sign in to go on.",
  image_required: 'Please choose a photo first',
  analysis_expired: 'The analysis has expired. Please analyse the photo again.',
  // HSK written practice
  hsk_no_answers: 'Answer at least one question before submitting',
  // campus card
  invalid_password: 'Invalid password',
  // idiom practice
  practice_expired: 'This practice question has expired. Please take a new one.',
  practice_answered: 'This practice question has already been answered.',
  // campus card (spec 000 §5, §8)
  campus_card_disabled: 'The campus card is switched off on this server.',
  campus_pass_required: 'Please enter the campus card password first.',
  campus_code_taken: 'This code is already a learner’s share code. Please choose another.',
  // Plus membership (decision 014)
  unknown_plan: 'This plan does not exist',
  payments_unavailable: 'Paying online is not available yet. You can redeem a code or spend points instead.',
  payment_failed: 'The payment could not be started. Please try again later.',
  webhook_signature_invalid: 'The webhook signature is not valid',
  webhook_event_invalid: 'The webhook event is missing data this server needs, or names no known account',
  payment_not_found: 'No payment matches this event yet',
  membership_limit_reached: 'Plus cannot run more than about 5 years ahead',
  redeem_code_unknown: 'This code does not exist. Check it and try again.',
  redeem_code_used: 'This code has already been used',
  redeem_code_expired: 'This code has expired',
  redeem_code_revoked: 'This code has been withdrawn',
  redeem_rate_limited: 'Too many code attempts. Please wait {cooldown} seconds.',
  points_unavailable: 'Spending points on Plus is not available on this server',
  not_enough_points: 'Not enough points: this plan costs {cost} points',
  // stroke order (decision 029)
  hanzi_not_found: 'No stroke order is available for this character',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/**
 * The codes the speech routes and sockets (recognition, synthesis, voice analysis) and the recorder
 * itself can give a learner. Each has a text of its own in every language, so a failed recording never
 * reads as the catch-all `internal`.
 */
export const SPEECH_ERROR_CODES = [
  'asr_unavailable',
  'no_audio_recorded',
  'transcription_failed',
  'asr_idle_timeout',
  'asr_bad_message',
  'audio_unreadable',
  'audio_too_long',
  'no_chinese_text',
  'payload_too_large',
  'unsupported_media_type',
  'malformed_upload',
  'rate_limited',
  'speech_quota_reached',
  'token_expired',
  'auth_token_missing',
  'login_required',
  'not_authenticated',
  'guest_part_only',
  'official_required',
  'plus_required',
  'test_not_found',
  'validation_failed',
  'tts_failed',
  'tts_text_too_long',
  'http_status',
  'recording_start_failed',
  'recording_stop_failed',
] as const satisfies readonly ErrorCode[];

export type SpeechErrorCode = (typeof SPEECH_ERROR_CODES)[number];

/** The JSON body of every error answer. */
export interface ErrorBody {
  success: false;
  code: ErrorCode;
  message: string;
  details?: unknown;
  /** Seconds to wait, on a 429. */
  cooldown?: number;
}

/** True when the string is a known error code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_MESSAGES, value);
}

/** The English message for a code, with `{name}` placeholders filled in. */
export function errorMessage(code: ErrorCode, vars: Record<string, string | number> = {}): string {
  return ERROR_MESSAGES[code].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}
