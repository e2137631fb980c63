/**
 * The cost types of the host up to protocol 26 (70 through protocol 24, 85 at 25, 86 at 26), in the order (and so with the numbers) of the XDR enum
 * `ContractCostType`. Names are the XDR/Rust spellings ('ComputeSha256Hash'); the SDK's enum
 * spells the same members in camelCase ('computeSha256Hash').
 *
 * Whether a type takes an input mirrors the host's tracker (budget.rs, `BudgetTracker::default`):
 * charging a type that takes none with an input, or the other way round, is the host's
 * `(Budget, InternalError)`.
 */
import { xdr } from '@stellar/stellar-sdk/base';

/** [name, takes an input] for each cost type, index = XDR value. */
const COST_TYPE_TABLE = [
  ['WasmInsnExec', false],
  ['MemAlloc', true],
  ['MemCpy', true],
  ['MemCmp', true],
  ['DispatchHostFunction', false],
  ['VisitObject', false],
  ['ValSer', true],
  ['ValDeser', true],
  ['ComputeSha256Hash', true],
  ['ComputeEd25519PubKey', false],
  ['VerifyEd25519Sig', true],
  ['VmInstantiation', true],
  ['VmCachedInstantiation', true],
  ['InvokeVmFunction', false],
  ['ComputeKeccak256Hash', true],
  ['DecodeEcdsaCurve256Sig', false],
  ['RecoverEcdsaSecp256k1Key', false],
  ['Int256AddSub', false],
  ['Int256Mul', false],
  ['Int256Div', false],
  ['Int256Pow', false],
  ['Int256Shift', false],
  ['ChaCha20DrawBytes', true],
  ['ParseWasmInstructions', true],
  ['ParseWasmFunctions', true],
  ['ParseWasmGlobals', true],
  ['ParseWasmTableEntries', true],
  ['ParseWasmTypes', true],
  ['ParseWasmDataSegments', true],
  ['ParseWasmElemSegments', true],
  ['ParseWasmImports', true],
  ['ParseWasmExports', true],
  ['ParseWasmDataSegmentBytes', true],
  ['InstantiateWasmInstructions', false],
  ['InstantiateWasmFunctions', true],
  ['InstantiateWasmGlobals', true],
  ['InstantiateWasmTableEntries', true],
  ['InstantiateWasmTypes', false],
  ['InstantiateWasmDataSegments', true],
  ['InstantiateWasmElemSegments', true],
  ['InstantiateWasmImports', true],
  ['InstantiateWasmExports', true],
  ['InstantiateWasmDataSegmentBytes', true],
  ['Sec1DecodePointUncompressed', false],
  ['VerifyEcdsaSecp256r1Sig', false],
  ['Bls12381EncodeFp', false],
  ['Bls12381DecodeFp', false],
  ['Bls12381G1CheckPointOnCurve', false],
  ['Bls12381G1CheckPointInSubgroup', false],
  ['Bls12381G2CheckPointOnCurve', false],
  ['Bls12381G2CheckPointInSubgroup', false],
  ['Bls12381G1ProjectiveToAffine', false],
  ['Bls12381G2ProjectiveToAffine', false],
  ['Bls12381G1Add', false],
  ['Bls12381G1Mul', false],
  ['Bls12381G1Msm', true],
  ['Bls12381MapFpToG1', false],
  ['Bls12381HashToG1', true],
  ['Bls12381G2Add', false],
  ['Bls12381G2Mul', false],
  ['Bls12381G2Msm', true],
  ['Bls12381MapFp2ToG2', false],
  ['Bls12381HashToG2', true],
  ['Bls12381Pairing', true],
  ['Bls12381FrFromU256', false],
  ['Bls12381FrToU256', false],
  ['Bls12381FrAddSub', false],
  ['Bls12381FrMul', false],
  ['Bls12381FrPow', true],
  ['Bls12381FrInv', false],
  // Protocol 25 (BN254)
  ['Bn254EncodeFp', false],
  ['Bn254DecodeFp', false],
  ['Bn254G1CheckPointOnCurve', false],
  ['Bn254G2CheckPointOnCurve', false],
  ['Bn254G2CheckPointInSubgroup', false],
  ['Bn254G1ProjectiveToAffine', false],
  ['Bn254G1Add', false],
  ['Bn254G1Mul', false],
  ['Bn254Pairing', true],
  ['Bn254FrFromU256', false],
  ['Bn254FrToU256', false],
  ['Bn254FrAddSub', false],
  ['Bn254FrMul', false],
  ['Bn254FrPow', true],
  ['Bn254FrInv', false],
  // Protocol 26
  ['Bn254G1Msm', true],
] as const;

export type CostType = (typeof COST_TYPE_TABLE)[number][0];

/** Every cost type up to protocol 26, index = XDR value. */
export const COST_TYPES: readonly CostType[] = COST_TYPE_TABLE.map(([name]) => name);

/** How many cost types the host meters (the length of a full protocol-26 cost-parameter list). */
export const COST_TYPE_COUNT = COST_TYPES.length;

const INDEX = new Map<string, number>(COST_TYPES.map((name, index) => [name, index]));
const TAKES_INPUT: readonly boolean[] = COST_TYPE_TABLE.map(([, input]) => input);

/** The XDR value of a cost type, or undefined for a name the host does not know. */
export function costTypeIndex(name: string): number | undefined {
  return INDEX.get(name);
}

/**
 * How many cost types a ledger at this protocol has parameters for: stellar-core resizes the two
 * cost-parameter lists on upgrade, to Bn254FrInv at 25 and to Bn254G1Msm at 26
 * (NetworkConfig.cpp, `updateCpuCostParamsEntryForV25`/`ForV26`).
 */
export function costTypeCountAt(protocol: number): number {
  if (protocol >= 26) return COST_TYPE_COUNT;
  const last = protocol >= 25 ? 'Bn254FrInv' : 'Bls12381FrInv';
  return (INDEX.get(last) as number) + 1;
}

/** Whether the host charges this type with an input (linear) or without one (constant). */
export function costTypeTakesInput(index: number): boolean {
  return TAKES_INPUT[index] ?? false;
}

/** The cost type of an SDK enum value, or undefined past protocol 26's types. */
export function costTypeFromXdr(value: xdr.ContractCostType): CostType | undefined {
  return COST_TYPES[value.value];
}

/** The SDK enum value of a cost type. */
export function costTypeToXdr(name: CostType): xdr.ContractCostType {
  return xdr.ContractCostType.fromValue(INDEX.get(name) as number);
}
