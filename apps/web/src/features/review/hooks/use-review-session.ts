import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReviewCard, ReviewMode, ReviewRating } from '@kouyu/core';
import { useOnline } from '@/lib/use-online';
import { useDue } from '../api/get-due';
import { sendQueued, syncAnswers } from '../api/sync-answers';
import { newClientId } from '../lib/client-id';
import { queueAnswer, queuedAnswers } from '../lib/review-store';

/** The earliest of these due times still ahead, or null. */
export function nextDueOf(dues: (string | null)[], now: number): string | null {
  const ahead = dues.filter((d): d is string => d !== null && Date.parse(d) > now);
  return ahead.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
}

/**
 * One sitting of review: the due cards one at a time, each answer kept on the device first and sent
 * when the connection allows (`POST /review/sync`), the list asked again when it runs out.
 */
export function useReviewSession(userId: number) {
  const queryClient = useQueryClient();
  const due = useDue(userId);
  const online = useOnline();
  const [answered, setAnswered] = useState<ReadonlySet<string>>(() => new Set());
  const [nextDue, setNextDue] = useState<string | null>(null);
  const [kept, setKept] = useState(0);

  /** The server took answers and scheduled their cards: the next due time and the figures follow. */
  const took = useCallback(
    async (cards: ReviewCard[]) => {
      if (cards.length === 0) return;
      setNextDue((before) => nextDueOf([before, ...cards.map((c) => c.due)], Date.now()));
      await queryClient.invalidateQueries({ queryKey: ['review-stats', userId] });
    },
    [userId, queryClient],
  );

  const flush = useCallback(async () => {
    try {
      await took(await sendQueued(userId));
    } catch {
      // Still offline or the server is away: the answers stay on the device for the next try.
    }
    setKept((await queuedAnswers(userId).catch(() => [])).length);
  }, [userId, took]);

  // Back online (and on opening the page): what was answered offline goes out.
  useEffect(() => {
    if (online) void flush();
  }, [online, flush]);

  // The answers on their way (kept, then sent): the list is asked again only after them, or it would
  // bring back a card whose answer had not reached the server yet.
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  const cards = (due.data?.cards ?? []).filter((c) => !answered.has(c.id));
  const current = cards[0] ?? null;
  const finished = due.isSuccess && current === null && answered.size > 0;

  // The list ran out: ask the server again, since cards come due as the day goes on.
  const { refetch } = due;
  useEffect(() => {
    if (!finished || !online) return;
    void inFlight.current.then(() => refetch()).then(() => setAnswered(new Set()));
  }, [finished, online, refetch]);

  const answer = useCallback(
    (card: ReviewCard, rating: ReviewRating, mode: ReviewMode) => {
      const entry = {
        client_id: newClientId(),
        card_id: card.id,
        rating,
        answered_at: new Date().toISOString(),
        mode,
      };
      setAnswered((before) => new Set(before).add(card.id));
      const work = (async () => {
        try {
          await queueAnswer({ ...entry, user_id: userId });
        } catch {
          // No IndexedDB here (a private window): send it straight away, as the only copy.
          await took(await syncAnswers([entry]).catch(() => []));
          return;
        }
        await flush();
      })();
      inFlight.current = Promise.all([inFlight.current, work]);
      return work;
    },
    [userId, flush, took],
  );

  return { due, current, left: cards.length, answer, nextDue, kept, online };
}
