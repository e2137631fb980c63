/** Flag lists as Horizon writes them: bit values and names, left out when no known flag is set. */

/** Account flags (stellar-horizon `addAuthFlagDetails`). */
export const ACCOUNT_FLAGS: readonly (readonly [1 | 2 | 4 | 8, string])[] = [
  [1, 'auth_required'],
  [2, 'auth_revocable'],
  [4, 'auth_immutable'],
  [8, 'auth_clawback_enabled'],
];

/** Trust line flags (stellar-horizon `addTrustLineFlagDetails`, its spelling of the second name included). */
export const TRUST_LINE_FLAGS: readonly (readonly [1 | 2 | 4, string])[] = [
  [1, 'authorized'],
  [2, 'authorized_to_maintain_liabilites'],
  [4, 'clawback_enabled'],
];

type FlagFields<P extends string, B extends number> = { [K in `${P}_flags`]?: B[] } & {
  [K in `${P}_flags_s`]?: string[];
};

export function flagFields<P extends 'set' | 'clear', B extends number>(
  prefix: P,
  value: number | null,
  known: readonly (readonly [B, string])[],
): FlagFields<P, B> {
  const set = known.filter(([bit]) => ((value ?? 0) & bit) !== 0);
  if (set.length === 0) return {};
  return {
    [`${prefix}_flags`]: set.map(([bit]) => bit),
    [`${prefix}_flags_s`]: set.map(([, name]) => name),
  } as FlagFields<P, B>;
}
