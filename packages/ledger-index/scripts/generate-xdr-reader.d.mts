export const READER_PATH: string;
export const ROOTS: string[];
export function readerSource(): string;
