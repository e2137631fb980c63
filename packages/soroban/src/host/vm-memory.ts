/** A VM instance's linear memory as host functions reach it: bounds checked, never charged (callers charge). */
import { HostError } from '../errors/host-error.js';
import type { VmInstance } from '../vm/index.js';
import type { LinearMemory } from './functions/types.js';

const outOfBounds = () =>
  new HostError('WasmVm', 'IndexBounds', 'out-of-bounds access to WASM linear memory');

export function vmLinearMemory(vm: VmInstance): LinearMemory {
  return {
    read(pos, length) {
      const bytes = vm.memoryBytes();
      if (pos + length > bytes.length) throw outOfBounds();
      return bytes.slice(pos, pos + length);
    },
    write(pos, data) {
      const bytes = vm.memoryBytes();
      if (pos + data.length > bytes.length) throw outOfBounds();
      bytes.set(data, pos);
    },
  };
}
