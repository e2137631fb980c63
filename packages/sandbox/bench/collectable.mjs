// starspec-sandbox with a full garbage collection on SIGUSR2 (run with node --expose-gc), so the
// memory benchmark can read what the process retains rather than garbage V8 has not collected
// yet. It answers each collection with a JSON line, `{"event":"collected"}`.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  process.stdout.write(`${JSON.stringify({ event: 'collected' })}\n`);
});
await import('../dist/cli.js');
