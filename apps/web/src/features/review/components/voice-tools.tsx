import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';
import type { AssessResponse, AssessedSyllable } from '@kouyu/core';

/** A recording under way. */
export interface VoiceRecording {
  /** Stops, closes the microphone, and gives the recording. */
  stop(): Promise<Blob>;
  analyser: AnalyserNode;
}

/**
 * The microphone and the voice analysis, handed in by the route (they belong to the speaking feature,
 * and features do not import each other); without them "hear and repeat" is not offered.
 */
export interface VoiceTools {
  /** Whether this browser can record in a form the server reads. */
  supported(): boolean;
  record(): Promise<VoiceRecording>;
  /** `POST /audio/assess`: each syllable's tone heard in the recording. */
  assess(recording: Blob, text: string): Promise<AssessResponse>;
  /** One syllable's verdict as a picture. */
  Syllable: ComponentType<{ syllable: AssessedSyllable }>;
  /** The input level (0-1) of a recording's analyser. */
  useLevel(analyser: AnalyserNode | null): number;
}

export const VoiceToolsContext = createContext<VoiceTools | null>(null);

export function useVoiceTools(): VoiceTools | null {
  return useContext(VoiceToolsContext);
}
