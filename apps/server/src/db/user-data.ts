/**
 * The one list of what is stored about a user, read by the data export (right of access and
 * portability) and by account deletion (right to erasure). Every table with a user id or an e-mail
 * column is either here or in `keptBecause`; a test fails for a table on neither.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import {
  answerRecordings,
  invitationClusters,
  contacts,
  dictationSessions,
  emailCodes,
  feedbackRecords,
  hskAttempts,
  idiomRecords,
  mailOutbox,
  membershipChanges,
  payments,
  pointsLedger,
  redeemBatches,
  redeemCodes,
  refreshTokens,
  reviewCards,
  reviewLog,
  testResults,
  todaySettings,
  userIdioms,
  users,
} from './schema.js';

/** Whose data: the account's id and e-mail. */
export interface DataOwner {
  id: number;
  email: string;
}

/** One table of the user's data. */
export interface UserDataTable {
  /** Its key in the export file. */
  key: string;
  table: PgTable;
  /** How its rows are found for a user: the column holding the user id, or the e-mail (mail). */
  by: { userId: PgColumn } | { email: PgColumn };
  /** The rows as the export shows them: secrets (hashes, codes) are left out. */
  read(db: Db, owner: DataOwner): Promise<unknown[]>;
  /**
   * How deletion removes them: `with-account` when the foreign key to the account cascades (or, for
   * a shared row, clears the link); `first` when they are deleted before the account row goes.
   */
  erase: 'with-account' | 'first';
}

/** All rows of a table whose `column` is the user's id. */
const byUser = (table: PgTable, column: PgColumn) => (db: Db, owner: DataOwner) =>
  db.select().from(table).where(eq(column, owner.id));

const whole = (key: string, table: PgTable, column: PgColumn): UserDataTable => ({
  key,
  table,
  by: { userId: column },
  read: byUser(table, column),
  erase: 'with-account',
});

/** The user's data, in the order of the export file. The account row itself is exported apart. */
export const userDataTables: readonly UserDataTable[] = [
  {
    key: 'points_ledger',
    table: pointsLedger,
    by: { userId: pointsLedger.userId },
    read: async (db, owner) =>
      (await db.select().from(pointsLedger).where(eq(pointsLedger.userId, owner.id))).map((p) => ({
        delta: p.delta,
        reason: p.reason,
        created_at: p.createdAt.toISOString(),
      })),
    erase: 'with-account',
  },
  {
    key: 'sessions',
    table: refreshTokens,
    by: { userId: refreshTokens.userId },
    read: (db, owner) =>
      db
        .select({
          created_at: refreshTokens.createdAt,
          expires_at: refreshTokens.expiresAt,
          revoked_at: refreshTokens.revokedAt,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, owner.id)),
    erase: 'with-account',
  },
  {
    key: 'email_codes',
    table: emailCodes,
    by: { userId: emailCodes.userId },
    read: (db, owner) =>
      db
        .select({
          purpose: emailCodes.purpose,
          created_at: emailCodes.createdAt,
          expires_at: emailCodes.expiresAt,
          consumed_at: emailCodes.consumedAt,
        })
        .from(emailCodes)
        .where(eq(emailCodes.userId, owner.id)),
    erase: 'with-account',
  },
  {
    key: 'mail',
    table: mailOutbox,
    by: { email: mailOutbox.to },
    read: (db, owner) =>
      db
        .select({
          subject: mailOutbox.subject,
          purpose: mailOutbox.purpose,
          created_at: mailOutbox.createdAt,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, owner.email)),
    erase: 'first',
  },
  whole('test_results', testResults, testResults.userId),
  whole('feedback_records', feedbackRecords, feedbackRecords.userId),
  whole('dictation_sessions', dictationSessions, dictationSessions.userId),
  whole('favourite_idioms', userIdioms, userIdioms.userId),
  whole('idiom_records', idiomRecords, idiomRecords.userId),
  whole('hsk_attempts', hskAttempts, hskAttempts.userId),
  // Feedback messages would otherwise stay with their link cleared (ON DELETE SET NULL): they go.
  { ...whole('feedback_messages', contacts, contacts.userId), erase: 'first' },
  whole('payments', payments, payments.userId),
  whole('membership_changes', membershipChanges, membershipChanges.userId),
  {
    key: 'redeemed_codes',
    table: redeemCodes,
    by: { userId: redeemCodes.usedBy },
    read: (db, owner) =>
      db
        .select({ code: redeemCodes.code, used_at: redeemCodes.usedAt })
        .from(redeemCodes)
        .where(eq(redeemCodes.usedBy, owner.id)),
    // The code stays used (a batch's count must hold); only the link to the account is cleared.
    erase: 'with-account',
  },
  whole('today_settings', todaySettings, todaySettings.userId),
  whole('review_cards', reviewCards, reviewCards.userId),
  whole('review_log', reviewLog, reviewLog.userId),
  {
    key: 'answer_recordings',
    table: answerRecordings,
    by: { userId: answerRecordings.userId },
    // Each recording as a link only its owner can open (GET /audio/answers/:id answers 404 to anyone else).
    read: async (db, owner) =>
      (await db.select().from(answerRecordings).where(eq(answerRecordings.userId, owner.id))).map((r) => ({
        id: r.id,
        duration_ms: r.durationMs,
        created_at: r.createdAt.toISOString(),
        url: `/api/v1/audio/answers/${r.id}`,
      })),
    erase: 'with-account',
  },
];

/** Tables with a user id or an e-mail column that are not the user's data, and why. */
export const keptBecause: readonly { table: PgTable; reason: string }[] = [
  { table: users, reason: 'the account itself: exported as `account`, deleted last' },
  {
    table: invitationClusters,
    reason:
      'an abuse signal about the account for admins, holding other people’s addresses: not exported; deleted with the account (cascade)',
  },
  {
    table: redeemBatches,
    reason:
      'a batch of Plus codes is the shop’s, not its creator’s: an admin account going clears the link only',
  },
];

/** Everything `userDataTables` holds for the user, keyed as in the export file. */
export async function readUserData(db: Db, owner: DataOwner): Promise<Record<string, unknown[]>> {
  const rows = await Promise.all(userDataTables.map((t) => t.read(db, owner)));
  return Object.fromEntries(userDataTables.map((t, i) => [t.key, rows[i] ?? []]));
}

/** Deletes the rows that do not go with the account row by themselves; the caller then deletes the account. */
export async function eraseUserDataFirst(db: Db, owner: DataOwner): Promise<void> {
  for (const t of userDataTables) {
    if (t.erase !== 'first') continue;
    if ('email' in t.by) await db.delete(t.table).where(eq(t.by.email, owner.email));
    else await db.delete(t.table).where(eq(t.by.userId, owner.id));
  }
}
