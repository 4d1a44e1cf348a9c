import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SequencePlayer } from '../lib/sequence-player';
import type { PlayerState } from '../lib/sequence-player';

/** The set's one player; a page provides it. */
export const PlayerContext = createContext<SequencePlayer | null>(null);

/** The page's player and what it is playing. */
export function usePlayer(): { player: SequencePlayer; state: PlayerState } {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer needs a PlayerContext provider');
  const state = useSyncExternalStore(player.subscribe, player.getState, player.getState);
  return { player, state };
}
