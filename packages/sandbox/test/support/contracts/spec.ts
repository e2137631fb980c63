/**
 * A contract's interface as its `contractspecv0` custom section carries it: one ScSpecEntry per
 * function (and one error enum), built with the SDK's XDR types from a small declarative table,
 * so that the SDK's `contract.Spec` / `contract.Client` read typed methods from the WASM.
 */
import { xdr } from '@stellar/stellar-sdk';

export type SpecType = 'address' | 'i128' | 'symbol' | 'u32' | 'vec<symbol>';

export interface FunctionSpec {
  /** Argument names and types, in order. */
  inputs?: readonly (readonly [string, SpecType])[];
  /** The result's type; none for a function returning nothing. */
  output?: SpecType;
}

export interface ContractSpec {
  functions: Readonly<Record<string, FunctionSpec>>;
  /** The contract's error enum (`#[contracterror]`): name -> code and doc (the SDK's message for it). */
  errors?: Readonly<Record<string, { readonly code: number; readonly doc: string }>>;
}

function typeDef(type: SpecType): xdr.ScSpecTypeDef {
  switch (type) {
    case 'address':
      return xdr.ScSpecTypeDef.scSpecTypeAddress();
    case 'i128':
      return xdr.ScSpecTypeDef.scSpecTypeI128();
    case 'symbol':
      return xdr.ScSpecTypeDef.scSpecTypeSymbol();
    case 'u32':
      return xdr.ScSpecTypeDef.scSpecTypeU32();
    case 'vec<symbol>':
      return xdr.ScSpecTypeDef.scSpecTypeVec(new xdr.ScSpecTypeVec({ elementType: typeDef('symbol') }));
  }
}

export function specEntries(spec: ContractSpec): xdr.ScSpecEntry[] {
  const functions = Object.entries(spec.functions).map(([name, fn]) =>
    xdr.ScSpecEntry.scSpecEntryFunctionV0(
      new xdr.ScSpecFunctionV0({
        doc: '',
        name,
        inputs: (fn.inputs ?? []).map(
          ([input, type]) => new xdr.ScSpecFunctionInputV0({ doc: '', name: input, type: typeDef(type) }),
        ),
        outputs: fn.output ? [typeDef(fn.output)] : [],
      }),
    ),
  );
  if (!spec.errors) return functions;
  const errors = xdr.ScSpecEntry.scSpecEntryUdtErrorEnumV0(
    new xdr.ScSpecUdtErrorEnumV0({
      doc: '',
      lib: '',
      name: 'Error',
      cases: Object.entries(spec.errors).map(
        ([name, { code, doc }]) => new xdr.ScSpecUdtErrorEnumCaseV0({ doc, name, value: code }),
      ),
    }),
  );
  return [...functions, errors];
}
