/** A test's duration as hours, minutes and seconds (spec 000 §9: durations display hours, minutes, seconds). */
export function durationParts(totalSeconds: number): { h: number; m: number; s: number } {
  const t = Math.max(0, Math.round(totalSeconds));
  return { h: Math.floor(t / 3600), m: Math.floor((t % 3600) / 60), s: t % 60 };
}
