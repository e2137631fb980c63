import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import { readTrace } from './read-trace.js';
import {
  formatArgs,
  formatResult,
  formatValue,
  parseResult,
  parseValue,
  UnknownFormError,
} from './trace-values.js';
import type { TraceValue } from './types.js';

describe('trace value short forms', () => {
  const table: [string, TraceValue][] = [
    ['Void', { kind: 'void' }],
    ['()', { kind: 'unit' }],
    ['True', { kind: 'bool', value: true }],
    ['584', { kind: 'int', value: 584n }],
    ['-9223372036854775808', { kind: 'int', value: -9223372036854775808n }],
    ['bad:-31475', { kind: 'bad', bits: -31475n }],
    ['Bad(tag=1f,body=0)', { kind: 'badTag', tag: 0x1f, body: 0n }],
    ['I32(4)', { kind: 'small', type: 'I32', value: 4n }],
    ['U32(1048560)', { kind: 'small', type: 'U32', value: 1048560n }],
    ['I128(-123)', { kind: 'small', type: 'I128', value: -123n }],
    ['Timepoint(123)', { kind: 'small', type: 'Timepoint', value: 123n }],
    ['I64(obj#1)', { kind: 'object', type: 'I64', handle: 1 }],
    ['Vec(obj#15)', { kind: 'object', type: 'Vec', handle: 15 }],
    ['MuxedAddress(obj#123)', { kind: 'object', type: 'MuxedAddress', handle: 123 }],
    ['Symbol(add)', { kind: 'symbol', text: 'add' }],
    ['Symbol()', { kind: 'symbol', text: '' }],
    ['Symbol(obj#13)', { kind: 'object', type: 'Symbol', handle: 13 }],
    ['Error(WasmVm, InvalidAction)', { kind: 'error', error: { type: 'WasmVm', code: 'InvalidAction' } }],
    ['Error(Contract, #12345)', { kind: 'error', error: { type: 'Contract', code: '#12345' } }],
    ['Persistent', { kind: 'storage', type: 'Persistent' }],
  ];
  it.each(table)('%s', (text, want) => {
    expect(parseValue(text)).toEqual(want);
    expect(formatValue(want)).toBe(text);
  });

  it.each(['Float(1)', 'Vec(3)', 'Symbol(a b)', 'Error(Auth)', 'obj#3', ''])('rejects %j', (text) => {
    expect(() => parseValue(text)).toThrow(UnknownFormError);
  });

  it.each(['Ok(())', 'Ok(U32(7))', 'Err(Error(Contract, #9))', 'Err(Error(Budget, ExceededLimit))'])(
    'result %s round-trips',
    (text) => expect(formatResult(parseResult(text))).toBe(text),
  );
});

const snippet = JSON.stringify({
  '   0 begin':
    'cpu:14488, mem:0, prngs:-/9b4a753, objs:-/-, vm:-/-, evt:-, store:-/-, foot:-, stk:-, auth:-/-',
  '   1 call call(Address(obj#13), Symbol(add), Vec(obj#15))': 'cpu:14500',
  '   2 push VM:58f13912:test(Map(obj#123), Void, Void)': 'cpu:15000, mem:40, vm:65536@b1cd98b9/2@2f94d90d',
  '   3 call map_put(Map(obj#123), Void, Void)': '',
  '   4 pop VM:58f13912:test -> Err(Error(Value, InvalidInput))': ' vm:-/-',
  '   5 ret call -> Err(Error(Value, InvalidInput))': 'mem:48',
  '   6 call symbol_copy_to_slice(Symbol(obj#13), U32(0), 13)': '',
  '   7 ret symbol_copy_to_slice -> Ok(())': 'cpu:15100',
  '   8 end':
    'cpu:15100, mem:48, prngs:-/9b4a753, objs:-/-, vm:-/-, evt:-, store:-/-, foot:-, stk:-, auth:-/-',
});

describe('readTrace', () => {
  const trace = readTrace('snippet.json', snippet);
  it('keeps the lines in order with their kinds and depths', () => {
    expect(trace.steps.map((s) => `${s.index} ${s.kind} d${s.depth}`)).toEqual([
      '0 begin d0',
      '1 call d0',
      '2 push d1',
      '3 call d2',
      '4 pop d1',
      '5 ret d0',
      '6 call d0',
      '7 ret d0',
      '8 end d0',
    ]);
  });
  it('carries cpu/mem forward when a line leaves them out', () => {
    expect(trace.steps.map((s) => [s.budget.cpu, s.budget.mem])).toEqual([
      [14488, 0],
      [14500, 0],
      [15000, 40],
      [15000, 40],
      [15000, 40],
      [15000, 48],
      [15000, 48],
      [15100, 48],
      [15100, 48],
    ]);
    expect(trace.steps[3]?.budget.other.vm).toBe('65536@b1cd98b9/2@2f94d90d');
    expect(trace.steps[4]?.budget.other.vm).toBe('-/-');
  });
  it('reads calls, frames and results', () => {
    const [, call, push, , pop] = trace.steps;
    expect(call?.kind === 'call' && `${call.name}(${formatArgs(call.args)})`).toBe(
      'call(Address(obj#13), Symbol(add), Vec(obj#15))',
    );
    expect(push?.kind === 'push' && push.frame).toEqual({ kind: 'VM', id: '58f13912', fn: 'test' });
    expect(pop?.kind === 'pop' && formatResult(pop.result)).toBe('Err(Error(Value, InvalidInput))');
  });
  it('reads pseudo-frames and padded test ids', () => {
    const t = readTrace(
      'frames.json',
      JSON.stringify({
        '   0 begin': 'cpu:0, mem:0',
        '   1 push TEST:   0:()': '',
        '   2 pop TEST:   0: -> Ok(Void)': '',
        '   3 push CreateContract:()': '',
        '   4 pop CreateContract: -> Ok(Address(obj#11))': '',
        '   5 end': 'cpu:0, mem:0',
      }),
    );
    expect(t.steps.flatMap((s) => (s.kind === 'push' ? [s.frame] : []))).toEqual([
      { kind: 'TEST', id: '0', fn: '' },
      { kind: 'CreateContract', id: '', fn: '' },
    ]);
  });
  it('takes the lines after a call that never returns as its siblings', () => {
    const t = readTrace(
      'refused.json',
      JSON.stringify({
        '   0 begin': 'cpu:0, mem:0',
        '   1 call symbol_new_from_slice(9)': '',
        '   2 call symbol_new_from_slice(1)': 'cpu:45',
        '   3 call i256_add(I256(obj#3), I256(1))': 'cpu:90',
        '   4 call obj_to_i256_hi_hi(I256(obj#3))': '',
        '   5 ret obj_to_i256_hi_hi -> Ok(1)': '',
        '   6 ret i256_add -> Ok(I256(obj#5))': '',
        '   7 end': 'cpu:90, mem:0',
      }),
    );
    expect(t.steps.map((s) => s.depth)).toEqual([0, 0, 0, 0, 1, 1, 0, 0]);
  });
  it('orders lines by number past 9999, where the file sorts them as text', () => {
    const lines: Record<string, string> = { '   0 begin': 'cpu:0, mem:0' };
    for (let i = 1; i <= 10_001; i++) lines[`${String(i).padStart(4)} call vec_new()`] = '';
    lines['10002 end'] = 'cpu:0, mem:0';
    const sorted = Object.fromEntries(Object.entries(lines).sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(
      readTrace('long.json', JSON.stringify(sorted))
        .steps.map((s) => s.index)
        .slice(9998, 10003),
    ).toEqual([9998, 9999, 10000, 10001, 10002]);
  });
  it('rejects a ret that was never called', () => {
    const bad = JSON.stringify({ '   0 begin': 'cpu:0, mem:0', '   1 ret vec_new -> Ok(Void)': '' });
    expect(() => readTrace('bad.json', bad)).toThrow(UnknownFormError);
  });
});

describe.skipIf(!sorobanData)(
  `every golden trace parses (${sorobanData ? 'observations-23' : NO_SOROBAN_DATA})`,
  () => {
    const dir = join(sorobanData ?? '', 'observations-23');
    const files = sorobanData ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
    it('has the 491 traces', () => expect(files.length).toBe(491));
    it('parses each without an unknown form, begin first and end last, every line printed back as written', () => {
      let lines = 0;
      for (const file of files) {
        const json = readFileSync(join(dir, file), 'utf8');
        const trace = readTrace(file, json);
        expect(trace.steps[0]?.kind).toBe('begin');
        expect(trace.steps.at(-1)?.kind).toBe('end');
        const keys = Object.keys(JSON.parse(json) as object).sort(
          (a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10),
        );
        expect(trace.steps.map((s) => s.index)).toEqual(trace.steps.map((_, i) => i));
        trace.steps.forEach((step, i) => {
          const key = (keys[i] as string).trim();
          if (step.kind === 'call')
            expect(key).toBe(`${step.index} call ${step.name}(${formatArgs(step.args)})`);
          if (step.kind === 'push') expect(key).toMatch(`(${formatArgs(step.args)})`);
          if (step.kind === 'ret')
            expect(key).toBe(`${step.index} ret ${step.name} -> ${formatResult(step.result)}`);
        });
        lines += trace.steps.length;
      }
      expect(lines).toBeGreaterThan(180_000);
    });
  },
);
