import type { Note } from './catalogue.js';
export const NOTES: Record<string, Note> = {};
