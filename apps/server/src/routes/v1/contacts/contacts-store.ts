import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { isFeedbackType, paginate } from '@kouyu/core';
import type { ContactItem, ContactStats, ContactStatus, FeedbackType, Pagination } from '@kouyu/core';
import type { Db } from '../../../db/client.js';
import { contacts, users } from '../../../db/schema.js';

type ContactRow = typeof contacts.$inferSelect;

const columns = { contact: contacts, email: users.email };

function toItem(row: ContactRow, email: string | null): ContactItem {
  return {
    id: row.id,
    user_id: row.userId,
    user_email: email,
    message: row.message,
    feedback_type: row.feedbackType,
    rating: row.rating,
    status: row.status,
    admin_note: row.adminNote,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Stores a message of the contact form as `new`. */
export async function insertContact(
  db: Db,
  userId: number,
  body: { message: string; feedback_type: FeedbackType; rating: number | null },
): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ userId, message: body.message, feedbackType: body.feedback_type, rating: body.rating })
    .returning();
  if (!row) throw new Error('contact insert returned no row');
  return row;
}

export interface ContactFilter {
  status?: ContactStatus | undefined;
  type?: FeedbackType | undefined;
  search?: string | undefined;
  page: number;
  page_size: number;
}

// A search is a plain substring: the LIKE wildcards typed by the admin match themselves.
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** A page of messages, newest first, with the sender's e-mail; search looks in the message and the e-mail. */
export async function listContacts(
  db: Db,
  filter: ContactFilter,
): Promise<{ data: ContactItem[]; pagination: Pagination }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(contacts.status, filter.status));
  if (filter.type) conditions.push(eq(contacts.feedbackType, filter.type));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const match = or(ilike(contacts.message, pattern), ilike(users.email, pattern));
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.userId))
    .where(where);
  const rows = await db
    .select(columns)
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.userId))
    .where(where)
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(filter.page_size)
    .offset((filter.page - 1) * filter.page_size);
  return {
    data: rows.map((r) => toItem(r.contact, r.email)),
    pagination: paginate(filter.page, filter.page_size, Number(count?.n ?? 0)),
  };
}

/** Changes the status and/or the note of a message; null when there is no such message. */
export async function updateContact(
  db: Db,
  id: number,
  change: { status?: ContactStatus | undefined; admin_note?: string | null | undefined },
): Promise<ContactItem | null> {
  const [row] = await db
    .update(contacts)
    .set({
      ...(change.status === undefined ? {} : { status: change.status }),
      // An empty note clears it, like null.
      ...(change.admin_note === undefined ? {} : { adminNote: change.admin_note || null }),
      updatedAt: new Date(),
    })
    .where(eq(contacts.id, id))
    .returning();
  if (!row) return null;
  const [sender] =
    row.userId === null
      ? []
      : await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  return toItem(row, sender?.email ?? null);
}

/** Counts by status and by type (every key present), and the average of the ratings given. */
export async function contactStats(db: Db): Promise<ContactStats> {
  const byStatusRows = await db
    .select({ status: contacts.status, n: sql<number>`count(*)::int` })
    .from(contacts)
    .groupBy(contacts.status);
  const byTypeRows = await db
    .select({ type: contacts.feedbackType, n: sql<number>`count(*)::int` })
    .from(contacts)
    .groupBy(contacts.feedbackType);
  const [ratings] = await db
    .select({
      rated: sql<number>`count(${contacts.rating})::int`,
      average: sql<string | null>`avg(${contacts.rating})`,
    })
    .from(contacts);

  const by_status: Record<ContactStatus, number> = { new: 0, read: 0, resolved: 0 };
  for (const r of byStatusRows) by_status[r.status] = Number(r.n);
  const by_type: Record<FeedbackType, number> = {
    general: 0,
    bug: 0,
    feature: 0,
    ai_feedback: 0,
    ui_ux: 0,
    performance: 0,
    payment: 0,
    praise: 0,
  };
  for (const r of byTypeRows) if (isFeedbackType(r.type)) by_type[r.type] = Number(r.n);
  const average = ratings?.average == null ? null : Math.round(Number(ratings.average) * 100) / 100;
  return {
    total: byStatusRows.reduce((sum, r) => sum + Number(r.n), 0),
    by_status,
    by_type,
    rated_count: Number(ratings?.rated ?? 0),
    average_rating: average,
  };
}
