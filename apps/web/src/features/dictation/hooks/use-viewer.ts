import { useMemo } from 'react';
import { wordLimit } from '@kouyu/core';
import { useViewer as useSignedInViewer } from '@/lib/use-viewer';

export interface DictationViewer {
  userId: number | null;
  signedIn: boolean;
  /** Active Plus: handwriting analysis, words from a photo, 20 words. */
  plus: boolean;
  limit: number;
}

/** Who is dictating (the shared viewer): the extras and the word limit depend on it (spec 000 §5-§6). */
export function useViewer(): DictationViewer {
  const viewer = useSignedInViewer();
  return useMemo(
    () => ({
      userId: viewer.userId,
      signedIn: viewer.signedIn,
      plus: viewer.official,
      limit: wordLimit(viewer.official),
    }),
    [viewer],
  );
}
