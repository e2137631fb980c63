#!/usr/bin/env node
// starspec-conformance: see `starspec-conformance --help`.
import { main } from './cli.js';

const code = await main(process.argv.slice(2));
// Exit once stdout is flushed, without waiting for idle keep-alive connections to close.
process.stdout.write('', () => process.exit(code));
