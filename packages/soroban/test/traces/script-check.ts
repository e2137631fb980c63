/**
 * Holds a drive script against its trace without a host: the script's calls, printed as the
 * trace prints them (slices by length, earlier results by the handles the trace gave them, the
 * handles of untraced conversions by counting objects), must be the trace's top-level calls, in
 * order and all of them. A script that passes is fully specified: what is left to compare is what
 * a host computes (results, nested calls, budget).
 */
import { createHash } from 'node:crypto';
import { existsAt, hostFunctionByName } from '../../src/interface/index.js';
import { TEST_PROTOCOL } from './adapter-host.js';
import { registeredCode } from './adapter-register.js';
import { corruptedPayload, objectValOf, traceVal } from './adapter-values.js';
import { objectsIn, objectType, smallForm } from './script-literals.js';
import type { DriveScript, ScriptArg } from './script-types.js';
import { formatArgs, formatValue, parseValue } from './trace-values.js';
import type { Trace, TraceStep, TraceValue } from './types.js';

interface TopCall {
  text: string;
  /** the call's Ok value, if it returned one */
  value?: TraceValue;
  /** whether the trace has its `ret` */
  returned: boolean;
  /** host objects after the call line and after the call's last line */
  objectsAtCall: number;
  objectsAfter: number;
}

/** The host object count a line's `objs` field gives: `objs:<frame>/<count>@<hash>`, `-` for none. */
export function hostObjects(step: TraceStep): number {
  const field = step.budget.other.objs ?? '-/-';
  const count = field.split('/')[1] ?? '-';
  return count === '-' ? 0 : Number.parseInt(count, 10);
}

/** The test's own calls: those at depth 0, or inside the native test contract frames it runs (`TEST`). */
function topLevelCalls(trace: Trace): TopCall[] {
  const calls: TopCall[] = [];
  let testFrames = 0;
  for (const step of trace.steps) {
    const last = calls.at(-1);
    if (step.kind === 'push' && step.frame.kind === 'TEST' && step.depth === testFrames) testFrames++;
    if (step.kind === 'pop' && step.frame.kind === 'TEST' && step.depth === testFrames - 1) testFrames--;
    if (step.kind === 'call' && step.depth === testFrames) {
      const objects = hostObjects(step);
      calls.push({
        text: `${step.name}(${formatArgs(step.args)})`,
        returned: false,
        objectsAtCall: objects,
        objectsAfter: objects,
      });
      continue;
    }
    if (!last || step.kind === 'end') continue;
    last.objectsAfter = hostObjects(step);
    if (step.kind !== 'ret' || step.depth !== testFrames) continue;
    last.returned = true;
    if (step.result.ok) last.value = step.result.value;
  }
  return calls;
}

/**
 * Slice arguments a host function's trace line leaves out (host.rs, the `call_trace_env_call!` of
 * each slice-taking function): the values of `map_new_from_slices`, the value buffer of
 * `map_unpack_to_slice`.
 */
const UNPRINTED_ARGS: Record<string, number[]> = { map_new_from_slices: [1], map_unpack_to_slice: [2] };

/** What registering a native test contract calls through the env once its constructor Vec is made. */
const NATIVE_CONSTRUCTOR_CALLS = ['symbol_new_from_slice(13)', 'symbol_new_from_slice(13)', 'obj_cmp('];

/** A VM's id in a trace: its code's sha256, first 4 bytes in hex without leading zeros. */
const vmIdOf = (wasm: Uint8Array): string =>
  createHash('sha256')
    .update(wasm)
    .digest('hex')
    .slice(0, 8)
    .replace(/^0+(?=.)/, '');

/** Reads a WASM file of the test data (path relative to the data root). */
export type WasmReader = (path: string) => Uint8Array;

/** Problems found, empty when the script prints exactly as the trace's top-level calls. */
export function checkScript(script: DriveScript, trace: Trace, readWasm: WasmReader): string[] {
  const want = topLevelCalls(trace);
  const problems: string[] = [];
  const values: (string | undefined)[] = [];
  const registered = new Set<string>();
  let cursor = 0;
  let objects = hostObjects(trace.steps[0] as TraceStep);
  let protocol = TEST_PROTOCOL;

  const render = (arg: ScriptArg): string => {
    switch (arg.a) {
      case 'val': {
        const small = smallForm(arg.lit);
        if (small === undefined) throw new Error(`a ${arg.lit.t} argument needs an object: make it first`);
        return small;
      }
      case 'raw':
        return arg.v.toString();
      case 'slice':
        return String(arg.hex.length / 2);
      case 'sliceFill':
      case 'buffer':
        return String(arg.length);
      case 'contractIdOf':
      case 'publicKeyOf':
      case 'testBytes':
        return '32';
      case 'vals':
      case 'keys':
        return String(arg.items.length);
      case 'storage':
        return arg.v;
      case 'payload': {
        const value = corruptedPayload(objectValOf(parseValue(render(arg.of))), arg.plus, arg.or);
        return formatValue(traceVal(value));
      }
      case 'payloadHalf': {
        const payload = arg.of.a === 'raw' ? arg.of.v : objectValOf(parseValue(render(arg.of)));
        return `U32(${arg.half === 'lo' ? payload & 0xffff_ffffn : payload >> 32n})`;
      }
      case 'ref': {
        const value = values[arg.step];
        if (value === undefined) throw new Error(`step ${arg.step} has no value to refer to`);
        return value;
      }
    }
  };

  /** Take the next top-level call of the trace, which must print as `text`. */
  const expectCall = (text: string, where: string): TopCall | undefined => {
    // A call made inside a call that never returned looks top-level (nesting.ts): step over it.
    if (want[cursor]?.text !== text && !want[cursor]?.returned && want[cursor + 1]?.text === text) cursor++;
    const next = want[cursor];
    if (!next) {
      problems.push(`${where}: script calls ${text} after the trace's last call`);
      return undefined;
    }
    cursor++;
    if (next.text !== text) problems.push(`${where}: script calls ${text}, trace calls ${next.text}`);
    if (next.objectsAtCall !== objects) {
      problems.push(
        `${where}: ${objects} host objects before ${text} by the script's count, ${next.objectsAtCall} in the trace`,
      );
    }
    objects = next.objectsAfter;
    return next;
  };

  const resultOf = (call: TopCall | undefined) => (call?.value ? formatValue(call.value) : undefined);

  /** An account's signatures made through the env (`TestSigner::sign`): a vector of `{public_key, signature}`. */
  const expectSignature = (keys: number, where: string): void => {
    let signatures = resultOf(expectCall('vec_new()', where));
    for (let k = 0; k < keys; k++) {
      const key = resultOf(expectCall('bytes_new_from_slice(32)', where));
      expectCall(`bytes_len(${key})`, where);
      const signature = resultOf(expectCall('bytes_new_from_slice(64)', where));
      expectCall(`bytes_len(${signature})`, where);
      const pair = resultOf(expectCall('map_new_from_slices(2)', where));
      signatures = resultOf(expectCall(`vec_push_back(${signatures}, ${pair})`, where));
    }
  };

  script.steps.forEach((step, i) => {
    const where = `${script.trace} step ${i}`;
    try {
      switch (step.s) {
        case 'call':
          {
            // A native call outside the function's protocol range is refused before it is traced.
            const signature = hostFunctionByName(step.fn);
            if (signature && !existsAt(signature, protocol)) break;
            const printed = step.args.map(render).filter((_, j) => !UNPRINTED_ARGS[step.fn]?.includes(j));
            values[i] = resultOf(expectCall(`${step.fn}(${printed.join(', ')})`, where));
          }
          break;
        case 'make':
          if (step.refused) break;
          objects += objectsIn(step.lit);
          values[i] = smallForm(step.lit) ?? `${objectType(step.lit)}(obj#${2 * (objects - 1) + 1})`;
          break;
        case 'register': {
          const wasm = registeredCode(step, readWasm);
          const upload = resultOf(expectCall(`bytes_new_from_slice(${wasm.length})`, where));
          const hash = resultOf(expectCall(`upload_wasm(${upload})`, where));
          // A refused upload ends the registration (the Rust test expects that error).
          if (hash === undefined) break;
          objects += 1; // the deployer's address, made untraced before the salt (argument order)
          const deployer = `Address(obj#${2 * objects - 1})`;
          const salt = resultOf(expectCall('bytes_new_from_slice(32)', where));
          values[i] = resultOf(expectCall(`create_contract(${deployer}, ${hash}, ${salt})`, where));
          registered.add(vmIdOf(wasm));
          break;
        }
        case 'uploadWasm':
          // The hash the upload makes in its frame (already in the count when an earlier call's
          // lines run up to the frame's), then the test's own Val of its ScVal answer.
          objects += cursor === 0 ? 2 : 1;
          values[i] = `Bytes(obj#${2 * (objects - 1) + 1})`;
          registered.add(vmIdOf(readWasm(step.wasm)));
          break;
        case 'toScVal':
        case 'toScVals':
        case 'read':
          render(step.of);
          break;
        case 'authEntry':
          for (const of of [step.address, step.signature, step.contract]) render(of);
          break;
        case 'setAuth':
          for (const entry of step.entries) {
            const built = script.steps[entry];
            if (built?.s !== 'authEntry') throw new Error(`step ${entry} is not an auth entry`);
            objects += built.objects;
            if (built.fn.length > 9) expectCall(`symbol_new_from_slice(${built.fn.length})`, where);
          }
          break;
        case 'authorize':
          if ('voidAt' in step.signer) render(step.signer.voidAt);
          if ('contractAt' in step.signer) render(step.signer.contractAt);
          for (const of of [step.contract, step.args]) render(of);
          objects += 1; // the signer's address, added
          if ('keys' in step.signer) expectSignature(step.signer.keys.length, where);
          if ('signingKey' in step.signer)
            expectCall(`bytes_len(${resultOf(expectCall('bytes_new_from_slice(64)', where))})`, where);
          objects += step.entryObjects;
          // `set_authorization_entries` compares each signature map's Symbol key object with the
          // next key as it converts the map, and makes a long function name a Symbol object: the
          // host's own calls, at the top level.
          while (want[cursor]?.text.startsWith('obj_cmp(')) cursor++;
          if (step.fn.length > 9) expectCall(`symbol_new_from_slice(${step.fn.length})`, where);
          objects += step.argObjects ?? 0;
          break;
        case 'ledger':
          // `get_asset_contract_id_hash` asks the host for its network id through its env.
          if (step.op.op === 'assetContractId') expectCall('get_ledger_network_id()', where);
          break;
        case 'fromContract':
          expectCall(`bytes_copy_to_slice(${render(step.id)}, U32(0), 32)`, where);
          break;
        case 'fromAccount':
          break;
        case 'testFrame':
          render(step.of);
          break;
        case 'registerNative':
          render(step.address);
          // `register_test_contract`: an empty constructor argument Vec made through the env, then
          // the host's own constructor name and the native constructor's calls (every Rust native
          // contract first compares its function with a `__constructor` symbol it makes).
          expectCall('vec_new()', where);
          for (const prefix of NATIVE_CONSTRUCTOR_CALLS) {
            const next = want[cursor];
            if (!next?.text.startsWith(prefix)) {
              problems.push(`${where}: the constructor's ${prefix}.. is not next in the trace`);
              break;
            }
            objects = next.objectsAfter;
            cursor++;
          }
          break;
        case 'copyAddress':
        case 'randomContract':
          if (step.s === 'copyAddress') render(step.of);
          objects += 1;
          values[i] = `Address(obj#${2 * (objects - 1) + 1})`;
          break;
        case 'compare':
          render(step.a);
          render(step.b);
          // Where an object takes part the host calls its env's `obj_cmp` (equal words never do).
          if (render(step.a) !== render(step.b) && [step.a, step.b].some((arg) => /obj#/.test(render(arg))))
            expectCall(`obj_cmp(${render(step.a)}, ${render(step.b)})`, where);
          break;
        case 'ledgerInfo':
          protocol = step.protocol;
          break;
        case 'host':
        case 'rollbackEvents':
        case 'ledgerProtocol':
        case 'basePrngSeed':
        case 'budget':
        case 'compareScVals':
        case 'cloneScVec':
        case 'bareVm': {
          // Its dispatch's guardrail refuses the call outside the function's range before tracing it.
          const gated = hostFunctionByName('protocol_gated_dummy');
          if (gated && existsAt(gated, protocol)) expectCall('protocol_gated_dummy()', where);
          break;
        }
        case 'vm':
        case 'ledgerSequence':
        case 'signingKey':
          break;
        case 'delInstance':
        case 'readInstance':
          render(step.of);
          break;
      }
    } catch (e) {
      problems.push(`${where}: ${(e as Error).message}`);
    }
  });
  // Every VM the trace runs must be a file the script registered (a wrong file of the same size shows here).
  const vms = new Set(
    trace.steps.flatMap((s) => (s.kind === 'push' && s.frame.kind === 'VM' ? [s.frame.id] : [])),
  );
  for (const id of vms)
    if (!registered.has(id))
      problems.push(`${script.trace}: the trace runs VM:${id}, which no registered file is`);
  if (cursor < want.length)
    problems.push(
      `${script.trace}: the trace has ${want.length - cursor} more calls, next ${want[cursor]?.text}`,
    );
  return problems;
}
