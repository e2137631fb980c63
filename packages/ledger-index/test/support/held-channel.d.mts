export declare const HELD_CHANNEL: string;
