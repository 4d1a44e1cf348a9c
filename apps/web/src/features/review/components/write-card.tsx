import type { ReviewCard, ReviewRating } from '@kouyu/core';
import { MeaningCard } from './meaning-card';

/** Whether the stroke-order component can be used here (it arrives with the characters page). */
export function useWriteAvailable(): boolean {
  return false;
}

/**
 * Write the character: traced and written with the shared stroke-order component, loaded with this
 * card only. Until it is at hand the card is practised by its meaning.
 */
export function WriteCard({ card, onRate }: { card: ReviewCard; onRate: (rating: ReviewRating) => void }) {
  return <MeaningCard card={card} onRate={onRate} />;
}
