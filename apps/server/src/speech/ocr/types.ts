export type Point = [number, number];

/** One recognised line: its text, its corners (clockwise from top-left, in the input image's pixels) and confidence 0-1. */
export interface OcrLine {
  text: string;
  box: [Point, Point, Point, Point];
  score: number;
}

export interface OcrResult {
  lines: OcrLine[];
  /** The lines' text, top to bottom, one per line. */
  text: string;
}

/** One engine that reads text (handwriting included) from an image. */
export interface OcrEngine {
  readonly name: string;
  /** True when the engine can run (its models are present); does not load them. */
  ready(): Promise<boolean>;
  /** Reads a PNG, JPEG or WebP image; rejects other input with an AppError. */
  recognize(image: Buffer): Promise<OcrResult>;
}
