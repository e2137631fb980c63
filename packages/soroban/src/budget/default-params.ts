/**
 * The host's own default cost parameters, what `Budget::default()` uses (budget.rs,
 * `impl Default for BudgetImpl`, at v23.0.0), hence what the host's tests and their golden traces
 * ran with. A network reads its parameters from the ledger instead (see `settings.ts`); these
 * differ from any network's in places (e.g. ValDeser).
 *
 * Each row: [cpu const, cpu linear (scaled by 2^7), mem const, mem linear (scaled by 2^7)].
 * MemAlloc/MemCpy/MemCmp's CPU linear term 16 is the host's "1/8 instruction per byte".
 */
import { type CostParams, costParamsFromRows } from './model.js';

/** The host's default CPU instruction limit (budget/limits.rs). */
export const DEFAULT_CPU_INSN_LIMIT = 100_000_000n;
/** The host's default memory limit: 40 MiB (budget/limits.rs). */
export const DEFAULT_MEM_BYTES_LIMIT = 40n * 1024n * 1024n;
/** How deep the host lets conversion, comparison and cloning recurse (budget/limits.rs). */
export const DEFAULT_HOST_DEPTH_LIMIT = 100;

// index = XDR value of the cost type (cost-types.ts)
const ROWS: readonly (readonly [number, number, number, number])[] = [
  [4, 0, 0, 0], // WasmInsnExec
  [434, 16, 16, 128], // MemAlloc
  [42, 16, 0, 0], // MemCpy
  [44, 16, 0, 0], // MemCmp
  [310, 0, 0, 0], // DispatchHostFunction
  [61, 0, 0, 0], // VisitObject
  [230, 29, 242, 384], // ValSer
  [59052, 4001, 0, 384], // ValDeser
  [3738, 7012, 0, 0], // ComputeSha256Hash
  [40253, 0, 0, 0], // ComputeEd25519PubKey
  [377524, 4068, 0, 0], // VerifyEd25519Sig
  [451626, 45405, 130065, 5064], // VmInstantiation
  [41142, 634, 69472, 1217], // VmCachedInstantiation
  [1948, 0, 14, 0], // InvokeVmFunction
  [3766, 5969, 0, 0], // ComputeKeccak256Hash
  [710, 0, 0, 0], // DecodeEcdsaCurve256Sig
  [2315295, 0, 181, 0], // RecoverEcdsaSecp256k1Key
  [4404, 0, 99, 0], // Int256AddSub
  [4947, 0, 99, 0], // Int256Mul
  [4911, 0, 99, 0], // Int256Div
  [4286, 0, 99, 0], // Int256Pow
  [913, 0, 99, 0], // Int256Shift
  [1058, 501, 0, 0], // ChaCha20DrawBytes
  [73077, 25410, 17564, 6457], // ParseWasmInstructions
  [0, 540752, 0, 47464], // ParseWasmFunctions
  [0, 176363, 0, 13420], // ParseWasmGlobals
  [0, 29989, 0, 6285], // ParseWasmTableEntries
  [0, 1061449, 0, 64670], // ParseWasmTypes
  [0, 237336, 0, 29074], // ParseWasmDataSegments
  [0, 328476, 0, 48095], // ParseWasmElemSegments
  [0, 701845, 0, 103229], // ParseWasmImports
  [0, 429383, 0, 36394], // ParseWasmExports
  [0, 28, 0, 257], // ParseWasmDataSegmentBytes
  [43030, 0, 70704, 0], // InstantiateWasmInstructions
  [0, 7556, 0, 14613], // InstantiateWasmFunctions
  [0, 10711, 0, 6833], // InstantiateWasmGlobals
  [0, 3300, 0, 1025], // InstantiateWasmTableEntries
  [0, 0, 0, 0], // InstantiateWasmTypes
  [0, 23038, 0, 129632], // InstantiateWasmDataSegments
  [0, 42488, 0, 13665], // InstantiateWasmElemSegments
  [0, 828974, 0, 97637], // InstantiateWasmImports
  [0, 297100, 0, 9176], // InstantiateWasmExports
  [0, 14, 0, 126], // InstantiateWasmDataSegmentBytes
  [1882, 0, 0, 0], // Sec1DecodePointUncompressed
  [3000906, 0, 0, 0], // VerifyEcdsaSecp256r1Sig
  [661, 0, 0, 0], // Bls12381EncodeFp
  [985, 0, 0, 0], // Bls12381DecodeFp
  [1934, 0, 0, 0], // Bls12381G1CheckPointOnCurve
  [730510, 0, 0, 0], // Bls12381G1CheckPointInSubgroup
  [5921, 0, 0, 0], // Bls12381G2CheckPointOnCurve
  [1057822, 0, 0, 0], // Bls12381G2CheckPointInSubgroup
  [92642, 0, 0, 0], // Bls12381G1ProjectiveToAffine
  [100742, 0, 0, 0], // Bls12381G2ProjectiveToAffine
  [7689, 0, 0, 0], // Bls12381G1Add
  [2458985, 0, 0, 0], // Bls12381G1Mul
  [2426722, 96397671, 109494, 354667], // Bls12381G1Msm
  [1541554, 0, 5552, 0], // Bls12381MapFpToG1
  [3211191, 6713, 9424, 0], // Bls12381HashToG1
  [25207, 0, 0, 0], // Bls12381G2Add
  [7873219, 0, 0, 0], // Bls12381G2Mul
  [8035968, 309667335, 219654, 354667], // Bls12381G2Msm
  [2420202, 0, 3344, 0], // Bls12381MapFp2ToG2
  [7050564, 6797, 6816, 0], // Bls12381HashToG2
  [10558948, 632860943, 2204, 9340474], // Bls12381Pairing
  [1994, 0, 0, 0], // Bls12381FrFromU256
  [1155, 0, 248, 0], // Bls12381FrToU256
  [74, 0, 0, 0], // Bls12381FrAddSub
  [332, 0, 0, 0], // Bls12381FrMul
  [691, 74558, 0, 128], // Bls12381FrPow
  [35421, 0, 0, 0], // Bls12381FrInv
  // The BN254 types (protocols 25 and 26) as budget.rs has them at v26.0.0.
  [344, 0, 0, 0], // Bn254EncodeFp
  [476, 0, 0, 0], // Bn254DecodeFp
  [904, 0, 0, 0], // Bn254G1CheckPointOnCurve
  [2811, 0, 0, 0], // Bn254G2CheckPointOnCurve
  [1706052, 0, 0, 0], // Bn254G2CheckPointInSubgroup
  [61, 0, 0, 0], // Bn254G1ProjectiveToAffine
  [3623, 0, 0, 0], // Bn254G1Add
  [1150435, 0, 0, 0], // Bn254G1Mul
  [5263916, 392472814, 1821, 6232546], // Bn254Pairing
  [2052, 0, 0, 0], // Bn254FrFromU256
  [1133, 0, 312, 0], // Bn254FrToU256
  [74, 0, 0, 0], // Bn254FrAddSub
  [332, 0, 0, 0], // Bn254FrMul
  [755, 68930, 0, 0], // Bn254FrPow
  [33151, 0, 0, 0], // Bn254FrInv
  [1185193, 41568084, 73061, 229779], // Bn254G1Msm
];

/** The host's default CPU and memory models, one per cost type. */
export const DEFAULT_COST_PARAMS: CostParams = costParamsFromRows(ROWS);
