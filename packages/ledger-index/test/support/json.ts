/**
 * A JSON answer as the tests read it: freely, member by member. Its shape is the contract's job
 * (the servers under test validate every answer they give).
 */
// biome-ignore lint/suspicious/noExplicitAny: answers are read by path; their shape is checked by the contract validators
export type Json = any;
