// Dictation (spec 000 §4-§6): the word-list rules, the handwriting comparison and the API schemas.
export * from './dictation-rules.js';
export * from './dictation-compare.js';
export * from './dictation-api.js';
