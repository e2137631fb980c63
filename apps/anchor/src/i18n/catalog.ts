import type { CHOICES, ChoiceField, FieldErrorKey, FieldName } from '../sep9/fields.js';

/** Customer-facing messages (the `message` of a customer). */
export type MessageKey =
  | 'needs_info'
  | 'needs_verification'
  | 'fix_rejected'
  | 'processing'
  | 'accepted'
  | 'rejected_underage';

/** Everything a customer reads, in one language. The compiler checks each language is complete. */
export interface Catalog {
  fields: Record<FieldName, string>;
  choices: { [F in ChoiceField]: Record<(typeof CHOICES)[F][number], string> };
  errors: Record<FieldErrorKey, string>;
  messages: Record<MessageKey, string>;
}
