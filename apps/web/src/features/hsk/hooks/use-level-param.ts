import { useParams } from 'react-router';
import { HSK_LEVELS } from '@kouyu/core';

/** The HSK level of the route (`/hsk/{level}/…`); the router lets only 1-6 through. */
export function useLevelParam(): (typeof HSK_LEVELS)[number] {
  const level = useParams()['level'];
  return HSK_LEVELS.find((n) => String(n) === level) ?? 1;
}
