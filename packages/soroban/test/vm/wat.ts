/** Contracts written in WAT for the VM tests: compiled with wabt, given a contractenvmetav0 section. */
import { xdr } from '@stellar/stellar-sdk';
import wabtInit from 'wabt';

const wabt = await wabtInit();

function customSection(name: string, data: Uint8Array): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const uleb = (n: number): number[] => {
    const out: number[] = [];
    do {
      let b = n & 0x7f;
      n >>>= 7;
      if (n) b |= 0x80;
      out.push(b);
    } while (n);
    return out;
  };
  const content = [...uleb(nameBytes.length), ...nameBytes, ...data];
  return Uint8Array.from([0, ...uleb(content.length), ...content]);
}

/** The module as wabt assembles it, with no meta section. */
export function watBytes(wat: string, features: Record<string, boolean> = {}): Uint8Array {
  const module = wabt.parseWat('test.wat', wat, {
    bulk_memory: true,
    mutable_globals: true,
    sign_extension: true,
    ...features,
  });
  try {
    return module.toBinary({}).buffer;
  } finally {
    module.destroy();
  }
}

/** One ScEnvMetaEntry (interface version), as XDR. */
export function metaEntry(protocol: number, preRelease = 0): Uint8Array {
  const entry = xdr.ScEnvMetaEntry.scEnvMetaKindInterfaceVersion(
    new xdr.ScEnvMetaEntryInterfaceVersion({ protocol, preRelease }),
  );
  return entry.toXDR();
}

export function envMeta(protocol: number, preRelease = 0): Uint8Array {
  return customSection('contractenvmetav0', metaEntry(protocol, preRelease));
}

/** A contract: the module followed by its env meta (and any raw custom sections given). */
export function contract(wat: string, protocol = 23, preRelease = 0): Uint8Array {
  const body = watBytes(wat);
  const meta = envMeta(protocol, preRelease);
  const out = new Uint8Array(body.length + meta.length);
  out.set(body);
  out.set(meta, body.length);
  return out;
}

export function withCustomSection(bytes: Uint8Array, name: string, data: Uint8Array): Uint8Array {
  const section = customSection(name, data);
  const out = new Uint8Array(bytes.length + section.length);
  out.set(bytes);
  out.set(section, bytes.length);
  return out;
}
