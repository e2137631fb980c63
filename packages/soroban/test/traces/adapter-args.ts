/**
 * A drive script's arguments resolved for the host adapter: what the host function takes (a Val,
 * a slice, a number) and how the trace prints it.
 */
import { Keypair } from '@stellar/stellar-sdk/base';
import type { Host } from '../../src/host/host.js';
import { fromU32, type Val } from '../../src/values/val.js';
import { generateBytesArray } from './adapter-host.js';
import type { SliceArg } from './adapter-slices.js';
import { corruptedPayload, literalScVal, traceVal, Unsupported } from './adapter-values.js';
import type { ScriptArg } from './script-types.js';
import type { TraceValue } from './types.js';

const STORAGE_TYPES = { Temporary: 0n, Persistent: 1n, Instance: 2n } as const;

/** What resolving needs of a run: its host and the values earlier steps gave. */
export interface ArgRun {
  readonly host: Host;
  readonly values: (Val | undefined)[];
  /** The secret bytes `signingKey` steps drew, by step. */
  readonly signingKeys: Map<number, Buffer>;
}

/** The secret of the key a `signingKey` step drew. */
export function signingKeyOf(run: ArgRun, step: number): Buffer {
  const secret = run.signingKeys.get(step);
  if (!secret) throw new Unsupported(`step ${step} drew no signing key`);
  return secret;
}

/** Resolves a script argument into what the host function takes, and how the trace prints it. */
export function resolve(run: ArgRun, arg: ScriptArg): { value: Val | SliceArg; printed: TraceValue } {
  const host = run.host;
  switch (arg.a) {
    case 'val': {
      const value = host.converter.toVal(literalScVal(arg.lit));
      return { value, printed: traceVal(value) };
    }
    case 'raw':
      return { value: arg.v, printed: { kind: 'int', value: arg.v } };
    case 'slice':
      return {
        value: Buffer.from(arg.hex, 'hex'),
        printed: { kind: 'int', value: BigInt(arg.hex.length / 2) },
      };
    case 'sliceFill':
      return {
        value: Buffer.alloc(arg.length, arg.byte),
        printed: { kind: 'int', value: BigInt(arg.length) },
      };
    case 'vals': {
      const items = arg.items.map((item) => resolve(run, item).value as Val);
      return { value: items, printed: { kind: 'int', value: BigInt(items.length) } };
    }
    case 'keys':
      return { value: arg.items, printed: { kind: 'int', value: BigInt(arg.items.length) } };
    case 'buffer':
      return { value: arg.length, printed: { kind: 'int', value: BigInt(arg.length) } };
    case 'storage':
      return { value: STORAGE_TYPES[arg.v], printed: { kind: 'storage', type: arg.v } };
    case 'publicKeyOf': {
      const publicKey = Keypair.fromRawEd25519Seed(signingKeyOf(run, arg.step)).rawPublicKey();
      return { value: publicKey, printed: { kind: 'int', value: 32n } };
    }
    case 'testBytes':
      return { value: generateBytesArray(host), printed: { kind: 'int', value: 32n } };
    case 'contractIdOf': {
      const address = host.objects.expect(run.values[arg.step] ?? 0n, 'Address').value;
      if (address.type !== 'scAddressTypeContract') throw new Unsupported('not a contract address');
      const id = Buffer.from(address.contractId.value);
      return { value: id, printed: { kind: 'int', value: 32n } };
    }
    case 'payload': {
      const value = corruptedPayload(resolve(run, arg.of).value as Val, arg.plus, arg.or);
      return { value, printed: traceVal(value) };
    }
    case 'payloadHalf': {
      const payload = resolve(run, arg.of).value as Val;
      const value = fromU32(Number(arg.half === 'lo' ? payload & 0xffff_ffffn : payload >> 32n));
      return { value, printed: traceVal(value) };
    }
    case 'ref': {
      const value = run.values[arg.step];
      if (value === undefined) throw new Unsupported(`step ${arg.step} gave no value (it failed)`);
      return { value, printed: traceVal(value) };
    }
  }
}
