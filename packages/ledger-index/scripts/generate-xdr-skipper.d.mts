export const SKIPPER_PATH: string;
export const MARKED: Record<string, string[]>;
export function skipperSource(): string;
