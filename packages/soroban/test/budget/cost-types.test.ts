/**
 * The cost types and parameter tables against the SDK's XDR: the 70 protocol-23 types in XDR
 * order, one model per type in both parameter sets.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { expect, it } from 'vitest';
import {
  COST_TYPE_COUNT,
  COST_TYPES,
  costTypeFromXdr,
  costTypeIndex,
  costTypeToXdr,
} from '../../src/budget/cost-types.js';
import { DEFAULT_COST_PARAMS } from '../../src/budget/default-params.js';
import { LOCAL_NETWORK_COST_PARAMS } from '../../src/budget/local-cost-params.js';

it('names the SDK ContractCostType members 0 to 69 in order, as the XDR spells them', () => {
  expect(COST_TYPE_COUNT).toBe(70);
  const sdk = COST_TYPES.map((_, value) => xdr.ContractCostType.fromValue(value).name);
  expect(COST_TYPES.map((name) => name[0]?.toLowerCase() + name.slice(1))).toEqual(sdk);
  // The SDK knows later protocols' types; the protocol-23 host does not.
  expect(costTypeFromXdr(xdr.ContractCostType.fromValue(70))).toBeUndefined();
  expect(costTypeFromXdr(costTypeToXdr('VerifyEcdsaSecp256r1Sig'))).toBe('VerifyEcdsaSecp256r1Sig');
  expect(costTypeIndex('Bls12381FrInv')).toBe(69);
});

it.each([
  { name: 'the host defaults', params: DEFAULT_COST_PARAMS },
  { name: 'the local network', params: LOCAL_NETWORK_COST_PARAMS },
])('$name have a CPU and a memory model per cost type', ({ params }) => {
  expect([params.cpu.length, params.mem.length]).toEqual([COST_TYPE_COUNT, COST_TYPE_COUNT]);
});
