import type { HskAnswerValue, HskAudio, HskItem, HskOption } from '@kouyu/core';

/** What the items of a group have in common, shown once above them. */
export interface Shared {
  /** One option list for all items (picture rows, sentence and word banks). */
  options?: HskOption[];
  /** A passage with numbered blanks, or a reading text. */
  passage?: string;
  text?: string;
  /** One recording for several questions. */
  script?: HskItem['script'];
}

/** Consecutive items of one group (or a single item) and what they share. */
export interface Block {
  key: string;
  items: HskItem[];
  shared: Shared;
}

const sameJson = (values: unknown[]): boolean =>
  values.length > 1 &&
  values.every((v) => v !== undefined && JSON.stringify(v) === JSON.stringify(values[0]));

/** Groups consecutive items of one group into blocks and lifts what all of them repeat. */
export function toBlocks(items: readonly HskItem[]): Block[] {
  const blocks: Block[] = [];
  for (const item of items) {
    const last = blocks.at(-1);
    if (item.group !== null && last && last.items[0]?.group === item.group) last.items.push(item);
    else blocks.push({ key: item.id, items: [item], shared: {} });
  }
  for (const block of blocks) {
    const { items: group } = block;
    if (sameJson(group.map((i) => i.options))) block.shared.options = group[0]?.options;
    if (sameJson(group.map((i) => i.passage))) block.shared.passage = group[0]?.passage;
    if (sameJson(group.map((i) => i.text))) block.shared.text = group[0]?.text;
    if (sameJson(group.map((i) => i.script))) block.shared.script = group[0]?.script;
  }
  return blocks;
}

/** The audio URLs of script lines (lines without audio are skipped). */
export function scriptUrls(script: HskItem['script']): string[] {
  return (script ?? []).flatMap((line) => (line.audio ? [line.audio.url] : []));
}

/** An item's own recording: its script unless the block plays it, then its spoken question. */
export function itemUrls(item: HskItem, sharedScript: boolean): string[] {
  const question: HskAudio[] = item.question_audio ? [item.question_audio] : [];
  return [...(sharedScript ? [] : scriptUrls(item.script)), ...question.map((a) => a.url)];
}

/** Lines whose audio could not be made; their text is shown instead. */
export function silentLines(script: HskItem['script']): { speaker: string; text: string }[] {
  return (script ?? []).flatMap((line) =>
    line.audio === null && line.text ? [{ speaker: line.speaker, text: line.text }] : [],
  );
}

/** Whether an answer counts as given. */
export function isAnswered(value: HskAnswerValue | undefined): boolean {
  return typeof value === 'boolean' || (typeof value === 'string' && value.trim() !== '');
}

/** The answers worth sending: empty texts are left out. */
export function answersToSend(answers: Record<string, HskAnswerValue>): Record<string, HskAnswerValue> {
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => isAnswered(v)));
}

/** `m:ss`, or `h:mm:ss` from an hour. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A passage split around its numbered blanks (`＿＿1＿＿`), for marking the blank an item asks about. */
export function passageParts(
  passage: string,
): ({ kind: 'text'; text: string } | { kind: 'blank'; n: number })[] {
  const parts: ({ kind: 'text'; text: string } | { kind: 'blank'; n: number })[] = [];
  const re = /[＿_]+\s*(\d+)\s*[＿_]+/g;
  let at = 0;
  for (const m of passage.matchAll(re)) {
    if (m.index > at) parts.push({ kind: 'text', text: passage.slice(at, m.index) });
    parts.push({ kind: 'blank', n: Number(m[1]) });
    at = m.index + m[0].length;
  }
  if (at < passage.length) parts.push({ kind: 'text', text: passage.slice(at) });
  return parts;
}
