/**
 * The cost types and parameter tables against the SDK's XDR: the 86 types of protocol 26 in XDR
 * order, a model per type in the host's defaults, and the 70 of protocol 23 on the local network.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { expect, it } from 'vitest';
import {
  COST_TYPE_COUNT,
  COST_TYPES,
  costTypeCountAt,
  costTypeFromXdr,
  costTypeIndex,
  costTypeToXdr,
} from '../../src/budget/cost-types.js';
import { DEFAULT_COST_PARAMS } from '../../src/budget/default-params.js';
import { LOCAL_NETWORK_COST_PARAMS } from '../../src/budget/local-cost-params.js';

it('names the SDK ContractCostType members 0 to 85 in order, as the XDR spells them', () => {
  expect(COST_TYPE_COUNT).toBe(86);
  const sdk = COST_TYPES.map((_, value) => xdr.ContractCostType.fromValue(value).name);
  expect(COST_TYPES.map((name) => name[0]?.toLowerCase() + name.slice(1))).toEqual(sdk);
  expect(costTypeFromXdr(xdr.ContractCostType.fromValue(70))).toBe('Bn254EncodeFp');
  expect(costTypeIndex('Bn254FrInv')).toBe(84);
  expect(costTypeIndex('Bn254G1Msm')).toBe(85);
  expect([23, 24, 25, 26].map(costTypeCountAt)).toEqual([70, 70, 85, 86]);
  expect(costTypeFromXdr(costTypeToXdr('VerifyEcdsaSecp256r1Sig'))).toBe('VerifyEcdsaSecp256r1Sig');
  expect(costTypeIndex('Bls12381FrInv')).toBe(69);
});

it.each([
  { name: 'the host defaults', params: DEFAULT_COST_PARAMS, want: COST_TYPE_COUNT },
  { name: 'the protocol-23 local network', params: LOCAL_NETWORK_COST_PARAMS, want: costTypeCountAt(23) },
])('$name have a CPU and a memory model per cost type', ({ params, want }) => {
  expect([params.cpu.length, params.mem.length]).toEqual([want, want]);
});

it('takes the BN254 defaults of budget.rs at v26.0.0', () => {
  const at = (name: string) => {
    const index = costTypeIndex(name) as number;
    const [cpu, mem] = [DEFAULT_COST_PARAMS.cpu[index], DEFAULT_COST_PARAMS.mem[index]];
    return [cpu?.constTerm, cpu?.linTerm, mem?.constTerm, mem?.linTerm];
  };
  expect(at('Bn254Pairing')).toEqual([5263916n, 392472814n, 1821n, 6232546n]);
  expect(at('Bn254G2CheckPointInSubgroup')).toEqual([1706052n, 0n, 0n, 0n]);
  expect(at('Bn254G1Msm')).toEqual([1185193n, 41568084n, 73061n, 229779n]);
});
