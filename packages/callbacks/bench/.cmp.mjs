const { compareServers, printRows } = await import('@starspec/bench');
const mod = process.argv[2];
const names = process.argv[3].split(',');
const { requests } = await import(mod);
const rows = await compareServers({ id: 's', title: 't', modulePath: mod, servers: names.map((name) => ({ name, label: name })), pairs: names.slice(1).map((n) => [names[0], n]), requests, options: { rounds: Number(process.env.ROUNDS ?? 3), durationMs: 4000, warmupMs: 2000, connections: 16 } });
printRows(rows);
