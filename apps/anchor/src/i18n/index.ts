/**
 * Languages of descriptions, choices and messages. `lang` is an ISO 639-1 code; an unsupported
 * language falls back to English, as SEP-12 asks.
 */
import { CHOICES, type ChoiceField } from '../sep9/fields.js';
import type { Catalog } from './catalog.js';
import { en } from './en.js';
import { es } from './es.js';
import { pt } from './pt.js';

export type { Catalog, MessageKey } from './catalog.js';

export const CATALOGS: Readonly<Record<string, Catalog>> = { en, pt, es };
export const LANGUAGES = Object.keys(CATALOGS);

export function catalogFor(lang: string | undefined): Catalog {
  return (lang !== undefined && Object.hasOwn(CATALOGS, lang) ? CATALOGS[lang] : undefined) ?? en;
}

/** Replaces `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The choices of a field, in one language, in their canonical order. */
export function choiceLabels(field: ChoiceField, catalog: Catalog): string[] {
  const labels = catalog.choices[field] as Record<string, string>;
  return CHOICES[field].map((value) => labels[value] ?? value);
}

/**
 * The canonical value of a choice given in any supported language (case and accents as
 * written in the catalog, compared case-insensitively), or undefined.
 */
export function canonicalChoice(field: ChoiceField, given: string): string | undefined {
  const wanted = given.trim().toLocaleLowerCase('en');
  for (const value of CHOICES[field]) {
    if (value === wanted) return value;
    for (const catalog of Object.values(CATALOGS)) {
      const label = (catalog.choices[field] as Record<string, string>)[value];
      if (label?.toLocaleLowerCase('en') === wanted) return value;
    }
  }
  return undefined;
}
