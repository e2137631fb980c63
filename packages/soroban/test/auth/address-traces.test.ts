/**
 * The golden traces of soroban-env-host/src/test/address.rs (`observations-23/test__address__*`):
 * the strkey and muxed-address functions called as the Rust tests call them, each call's result
 * (object handles included) and its CPU and memory equal to the trace's. The dispatcher's
 * integrity check of each object argument and object result (a VisitObject) is charged here, as
 * the host charges it for a direct call.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/index.js';
import { HostError } from '../../src/errors/host-error.js';
import { address } from '../../src/host/functions/address.js';
import { context } from '../../src/host/functions/context.js';
import type { CallContext, HostModule } from '../../src/host/functions/types.js';
import type { HostObject } from '../../src/host/objects.js';
import { HostState } from '../../src/host/state.js';
import { Tag, tagName } from '../../src/values/tags.js';
import { handleOf, isObject, smallNumberOf, tagOf, type Val } from '../../src/values/val.js';
import { readSoroban, sorobanData } from '../support/shared.js';

const KEY = Buffer.from('3f0c34bf93ad0d9971d04ccc90f705511c838aad9734a4a2fb0d7a03fc7fe89a', 'hex');
const ACCOUNT_STRKEY = 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ';
const CONTRACT_STRKEY = 'CA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUWDA';
/** The strkeys `invalid_strkey_to_address_conversion` passes, in its order. */
const INVALID_STRKEYS = [
  '',
  'GAAAAAAAACGC6',
  'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSG',
  'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZZ',
  'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZA',
  'DA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUWDA',
  'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ',
  'SBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWHOKR',
  'TBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWHXL7',
  'XBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWGTOG',
  'PA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAQACAQDAQCQMBYIBEFAWDANBYHRAEISCMKBKFQXDAMRUGY4DUPB6IBZGM',
  'LA3D5KRYM6CB7OWQ6TWYRR3Z4T7GNZLKERYNZGGA5SOAOPIFY6YQGZ5J',
  'BAADMPVKHBTYIH522D2O3CGHPHSP4ZXFNISHBXEYYDWJYBZ5AXD3CA3GDE',
];

interface Observed {
  line: string;
  cpu: number;
  mem: number;
}

class Run {
  readonly budget = Budget.default();
  readonly host = new HostState(this.budget);
  readonly context: CallContext = { host: this.host, vm: undefined };
  readonly calls: Observed[] = [];

  make(object: HostObject): Val {
    return this.host.objects.add(object);
  }

  call(module: HostModule, name: string, ...args: Val[]): Val | undefined {
    const before = { cpu: this.budget.cpuUsed, mem: this.budget.memUsed };
    for (const arg of args) if (isObject(arg)) this.budget.charge('VisitObject');
    let result: string;
    let value: Val | undefined;
    try {
      value = (module[name] as (c: CallContext, ...a: Val[]) => Val)(this.context, ...args);
      if (isObject(value)) this.budget.charge('VisitObject');
      result = `Ok(${show(value)})`;
    } catch (error) {
      if (!(error instanceof HostError)) throw error;
      result = `Err(${error.short})`;
    }
    this.calls.push({
      line: `${name}(${args.map(show).join(', ')}) -> ${result}`,
      cpu: Number(this.budget.cpuUsed - before.cpu),
      mem: Number(this.budget.memUsed - before.mem),
    });
    return value;
  }

  text(val: Val | undefined): string {
    const object = this.host.objects.get(val as Val);
    return object.kind === 'String' ? Buffer.from(object.value).toString() : '';
  }
}

function show(val: Val): string {
  if (isObject(val)) return `${tagName(tagOf(val))?.replace('Object', '')}(obj#${handleOf(val)})`;
  if (tagOf(val) === Tag.U64Small) return `U64(${smallNumberOf(val)})`;
  if (tagOf(val) === Tag.U32Val || tagOf(val) === Tag.I32Val) return String(val >> 32n);
  return String(val);
}

/** The trace's calls: `name(args) -> result`, with the CPU and memory from the call line to its ret. */
function traceCalls(name: string): Observed[] {
  const trace = JSON.parse(readSoroban(`observations-23/${name}.json`).toString()) as Record<string, string>;
  const calls: Observed[] = [];
  let cpu = 0;
  let mem = 0;
  let open: { text: string; cpu: number; mem: number } | undefined;
  for (const [key, state] of Object.entries(trace)) {
    cpu = Number(/cpu:(\d+)/.exec(state)?.[1] ?? cpu);
    mem = Number(/mem:(\d+)/.exec(state)?.[1] ?? mem);
    const call = /^\s*\d+ call (.*)$/.exec(key);
    if (call) open = { text: call[1] as string, cpu, mem };
    const ret = /^\s*\d+ ret \w+ -> (.*)$/.exec(key);
    if (ret && open) {
      calls.push({ line: `${open.text} -> ${ret[1]}`, cpu: cpu - open.cpu, mem: mem - open.mem });
      open = undefined;
    }
  }
  return calls;
}

function conversions(scAddress: xdr.ScAddress, strkey: string) {
  return (run: Run) => {
    const addr = run.make({ kind: 'Address', value: scAddress });
    const key = run.call(address, 'address_to_strkey', addr);
    expect(run.text(key)).toBe(strkey);
    run.call(context, 'obj_cmp', addr, run.call(address, 'strkey_to_address', key as Val) as Val);
    const bytes = run.make({ kind: 'Bytes', value: Buffer.from(strkey) });
    run.call(context, 'obj_cmp', addr, run.call(address, 'strkey_to_address', bytes) as Val);
  };
}

const TRACES: { name: string; run: (run: Run) => void }[] = [
  {
    name: 'test__address__test_account_address_conversions',
    run: conversions(
      xdr.ScAddress.scAddressTypeAccount(xdr.PublicKey.publicKeyTypeEd25519(KEY)),
      ACCOUNT_STRKEY,
    ),
  },
  {
    name: 'test__address__test_contract_address_conversions',
    run: conversions(xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(KEY)), CONTRACT_STRKEY),
  },
  {
    name: 'test__address__invalid_strkey_to_address_conversion',
    run: (run) => {
      for (const strkey of INVALID_STRKEYS)
        run.call(address, 'strkey_to_address', run.make({ kind: 'String', value: Buffer.from(strkey) }));
    },
  },
  {
    name: 'test__address__test_muxed_address_to_components_conversion',
    run: (run) => {
      const muxed = run.make({
        kind: 'MuxedAddress',
        value: xdr.ScAddress.scAddressTypeMuxedAccount(
          new xdr.MuxedEd25519Account({ id: 123n, ed25519: Buffer.alloc(32, 10) }),
        ),
      });
      run.call(address, 'get_address_from_muxed_address', muxed);
      run.call(address, 'get_id_from_muxed_address', muxed);
    },
  },
];

describe.skipIf(!sorobanData)('golden traces of the address module', () => {
  it.each(TRACES)('$name: every call with its result, CPU and memory', ({ name, run }) => {
    const observed = new Run();
    run(observed);
    expect(observed.calls).toEqual(traceCalls(name));
  });
});
