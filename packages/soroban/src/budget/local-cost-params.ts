/**
 * The cost parameters of a local protocol-23 network as stellar's quickstart image sets them at
 * start (its `local/core/etc/config-settings/p23/testnet.json`, the `--limits testnet` default,
 * which follows testnet): the ledger's ContractCostParamsCpuInstructions and
 * ContractCostParamsMemoryBytes entries. They are not the host's test defaults
 * (`default-params.ts`): e.g. DispatchHostFunction 295 here, 310 there.
 *
 * Each row: [cpu const, cpu linear (scaled by 2^7), mem const, mem linear (scaled by 2^7)],
 * index = XDR value of the cost type.
 */
import { type CostParams, costParamsFromRows } from './model.js';

const ROWS: readonly (readonly [number, number, number, number])[] = [
  [4, 0, 0, 0], // WasmInsnExec
  [434, 16, 16, 128], // MemAlloc
  [42, 16, 0, 0], // MemCpy
  [44, 16, 0, 0], // MemCmp
  [295, 0, 0, 0], // DispatchHostFunction
  [60, 0, 0, 0], // VisitObject
  [221, 26, 242, 384], // ValSer
  [331, 4369, 0, 384], // ValDeser
  [3636, 7013, 0, 0], // ComputeSha256Hash
  [40256, 0, 0, 0], // ComputeEd25519PubKey
  [377551, 4059, 0, 0], // VerifyEd25519Sig
  [417482, 45712, 132773, 4903], // VmInstantiation
  [41142, 634, 69472, 1217], // VmCachedInstantiation
  [1945, 0, 14, 0], // InvokeVmFunction
  [6481, 5943, 0, 0], // ComputeKeccak256Hash
  [711, 0, 0, 0], // DecodeEcdsaCurve256Sig
  [2314804, 0, 181, 0], // RecoverEcdsaSecp256k1Key
  [4176, 0, 99, 0], // Int256AddSub
  [4716, 0, 99, 0], // Int256Mul
  [4680, 0, 99, 0], // Int256Div
  [4256, 0, 99, 0], // Int256Pow
  [884, 0, 99, 0], // Int256Shift
  [1059, 502, 0, 0], // ChaCha20DrawBytes
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
];

export const LOCAL_NETWORK_COST_PARAMS: CostParams = costParamsFromRows(ROWS);
