import { measureInvocations } from './invocations.mjs';

console.log(JSON.stringify(await measureInvocations({ rounds: 2 })));
