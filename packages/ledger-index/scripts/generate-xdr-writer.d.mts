export const WRITER_PATH: string;
export const ROOTS: string[];
export function writerSource(): string;
