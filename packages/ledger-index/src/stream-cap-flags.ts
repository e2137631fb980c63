/**
 * The stream-cap flags, as both servers that carry the REST face take them (starspec-horizon and
 * starspec-sandbox): their parse options, their reading, and their help lines in one place.
 */
import { wholeNumber } from '@starspec/runtime';
import {
  DEFAULT_MAX_STREAMS,
  DEFAULT_MAX_STREAMS_PER_CLIENT,
  type StreamLimits,
} from './rest/stream-slots.js';

export const STREAM_CAP_OPTIONS = {
  'max-streams': { type: 'string' },
  'max-streams-per-client': { type: 'string' },
} as const;

/** The flags' help, indented to a usage text whose descriptions start at `column`. */
export function streamCapUsage(column: number): string {
  const pad = ' '.repeat(column);
  const flag = (name: string) => `  ${name}`.padEnd(column);
  return [
    `${flag('--max-streams N')}event streams open at once on the REST face; one more is refused with`,
    `${pad}503 service_unavailable (default ${DEFAULT_MAX_STREAMS})`,
    '  --max-streams-per-client N',
    `${pad}event streams open at once from one client address; one more is refused`,
    `${pad}with 429 rate_limit_exceeded (default ${DEFAULT_MAX_STREAMS_PER_CLIENT})`,
  ].join('\n');
}

/** The caps the flags ask for (usage errors name the flag), defaults filled in. */
export function streamCaps(values: {
  'max-streams'?: string;
  'max-streams-per-client'?: string;
}): Required<StreamLimits> {
  const limit = (name: string, given: string | undefined, fallback: number) =>
    wholeNumber(`--${name}`, given ?? String(fallback), 1, 2 ** 31 - 1);
  return {
    maxStreams: limit('max-streams', values['max-streams'], DEFAULT_MAX_STREAMS),
    maxStreamsPerClient: limit(
      'max-streams-per-client',
      values['max-streams-per-client'],
      DEFAULT_MAX_STREAMS_PER_CLIENT,
    ),
  };
}
