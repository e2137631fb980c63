/**
 * A Val's tag: its low 8 bits (`soroban-env-common/src/val.rs`). Tags below 15 are small values held
 * in the Val itself; tags 64 to 79 name a host object by handle. The numbers are the wire's.
 */
export const Tag = {
  False: 0,
  True: 1,
  Void: 2,
  Error: 3,
  U32Val: 4,
  I32Val: 5,
  U64Small: 6,
  I64Small: 7,
  TimepointSmall: 8,
  DurationSmall: 9,
  U128Small: 10,
  I128Small: 11,
  U256Small: 12,
  I256Small: 13,
  SymbolSmall: 14,
  U64Object: 64,
  I64Object: 65,
  TimepointObject: 66,
  DurationObject: 67,
  U128Object: 68,
  I128Object: 69,
  U256Object: 70,
  I256Object: 71,
  BytesObject: 72,
  StringObject: 73,
  SymbolObject: 74,
  VecObject: 75,
  MapObject: 76,
  AddressObject: 77,
  MuxedAddressObject: 78,
  /** Protocol 28 (CAP-85): the key of an executable reference entry. */
  ExecutableTagObject: 79,
} as const;
export type TagName = keyof typeof Tag;
export type TagNumber = (typeof Tag)[TagName];

/** One past the last small tag, and the object tags' bounds (both exclusive). */
export const SMALL_CODE_UPPER_BOUND = 15;
export const OBJECT_CODE_LOWER_BOUND = 63;
export const OBJECT_CODE_UPPER_BOUND = 80;

const NAMES = new Map<number, TagName>(Object.entries(Tag).map(([name, tag]) => [tag, name as TagName]));

export function tagName(tag: number): TagName | undefined {
  return NAMES.get(tag);
}

export function isObjectTag(tag: number): boolean {
  return tag > OBJECT_CODE_LOWER_BOUND && tag < OBJECT_CODE_UPPER_BOUND;
}

export function isSmallTag(tag: number): boolean {
  return tag < SMALL_CODE_UPPER_BOUND;
}

/**
 * The ScValType each tag stands for (`Tag::get_scval_type`), by the XDR enum's member name: a small
 * and an object tag of one number type share it, which is what orders them together.
 */
export const SCVAL_TYPE_OF_TAG: Readonly<Record<TagName, string>> = {
  False: 'scvBool',
  True: 'scvBool',
  Void: 'scvVoid',
  Error: 'scvError',
  U32Val: 'scvU32',
  I32Val: 'scvI32',
  U64Small: 'scvU64',
  I64Small: 'scvI64',
  TimepointSmall: 'scvTimepoint',
  DurationSmall: 'scvDuration',
  U128Small: 'scvU128',
  I128Small: 'scvI128',
  U256Small: 'scvU256',
  I256Small: 'scvI256',
  SymbolSmall: 'scvSymbol',
  U64Object: 'scvU64',
  I64Object: 'scvI64',
  TimepointObject: 'scvTimepoint',
  DurationObject: 'scvDuration',
  U128Object: 'scvU128',
  I128Object: 'scvI128',
  U256Object: 'scvU256',
  I256Object: 'scvI256',
  BytesObject: 'scvBytes',
  StringObject: 'scvString',
  SymbolObject: 'scvSymbol',
  VecObject: 'scvVec',
  MapObject: 'scvMap',
  AddressObject: 'scvAddress',
  MuxedAddressObject: 'scvAddress',
  ExecutableTagObject: 'scvExecutableTag',
};
