import { it } from 'vitest';
import { reproduce } from './reproduce-run.js';
import { ALL_SCRIPTS } from './scripts/index.js';
it('gen', () => {
  const out = reproduce('/work/shared/soroban', ALL_SCRIPTS);
  const list = (v: string) => out.filter((o) => o.verdict === v).map((o) => `  '${o.trace.replace(/\.json$/, '')}',`).join('\n');
  const text = `/** The traces our host reproduces today (reproduce.test.ts keeps them so): results equal and the budget after every line exactly equal, or within 5%. */\nexport const REPRODUCED_EXACTLY: readonly string[] = [\n${list('exact')}\n];\n\nexport const REPRODUCED_WITHIN: readonly string[] = [\n${list('within')}\n];\n`;
  require('node:fs').writeFileSync(new URL('./reproduce-expected.ts', import.meta.url), text);
  for (const o of out) if (process.env.SHOW && o.verdict !== 'exact') console.log(o.verdict.padEnd(10), o.trace, o.reason ?? '', process.env.DIFF ? o.comparison.diff : '');
}, 300000);
