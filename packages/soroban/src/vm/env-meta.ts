/**
 * The `contractenvmetav0` custom section: the protocol (and pre-release) a contract was built
 * for, checked against the ledger's protocol as `vm/parsed_module.rs` (`check_meta_section`,
 * `check_contract_interface_version`) does.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { MAX_PROTOCOL } from '../interface/index.js';
import type { WasmModule } from './module.js';

export const ENV_META_SECTION = 'contractenvmetav0';
export const SPEC_SECTION = 'contractspecv0';

/** The newest protocol this host implements, and its pre-release number (0: a final release). */
export const HOST_INTERFACE = { protocol: MAX_PROTOCOL, preRelease: 0 } as const;

export interface InterfaceVersion {
  protocol: number;
  preRelease: number;
}

/** The first section of that name, as wasmi's `custom_sections().find` returns. */
export function customSection(m: WasmModule, name: string): Uint8Array | undefined {
  return m.customSections.find((s) => s.name === name)?.data;
}

/**
 * The first ScEnvMetaEntry of the section. The section is a stream of entries and the host reads
 * only the first; the union's one arm (interface version) is 12 bytes, so those bytes are decoded.
 */
export function readInterfaceVersion(m: WasmModule): InterfaceVersion {
  const section = customSection(m, ENV_META_SECTION);
  if (!section) throw new HostError('WasmVm', 'InvalidInput', 'contract missing metadata section');
  if (section.length === 0)
    throw new HostError('WasmVm', 'InvalidInput', 'contract missing environment interface version');
  let entry: xdr.ScEnvMetaEntry;
  try {
    entry = xdr.ScEnvMetaEntry.fromXDR(Buffer.from(section.subarray(0, 12)));
  } catch {
    // The host's xdr::Error conversion: a malformed entry is (Value, InvalidInput).
    throw new HostError('Value', 'InvalidInput', 'malformed contract environment meta entry');
  }
  const v = entry.interfaceVersion;
  return { protocol: v.protocol, preRelease: v.preRelease };
}

/**
 * `check_ledger_protocol_supported`, before a VM is instantiated: a ledger newer than the host's
 * env protocol (`envProtocol`, HOST_INTERFACE's unless a test host pins an older one) is refused.
 */
export function checkLedgerProtocolSupported(
  ledgerProtocol: number,
  envProtocol: number = HOST_INTERFACE.protocol,
): void {
  if (ledgerProtocol > envProtocol) {
    throw new HostError('Context', 'InternalError', 'ledger protocol version too new for host');
  }
}

/** Refuses a contract built for a protocol newer than the ledger's, or for a stale pre-release. */
export function checkInterfaceVersion(
  version: InterfaceVersion,
  ledgerProtocol: number,
  envProtocol: number = HOST_INTERFACE.protocol,
): void {
  if (ledgerProtocol > envProtocol) {
    throw new HostError(
      'Context',
      'InternalError',
      'ledger protocol number is ahead of supported env protocol number',
    );
  }
  if (version.protocol < ledgerProtocol) {
    if (version.preRelease !== 0) {
      throw new HostError(
        'WasmVm',
        'InvalidInput',
        'contract pre-release number for old protocol is nonzero',
      );
    }
  } else if (version.protocol === ledgerProtocol) {
    if (version.preRelease !== HOST_INTERFACE.preRelease) {
      throw new HostError(
        'WasmVm',
        'InvalidInput',
        'contract pre-release number for current protocol does not match host',
      );
    }
  } else {
    throw new HostError('WasmVm', 'InvalidInput', 'contract protocol number is newer than host');
  }
}
