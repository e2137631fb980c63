export { cpuSeconds, residentBytes } from './cpu.mjs';
export { compareFirstAnswer, timeFirstAnswer } from './first-answer.mjs';
export { latencyRow, quantiles } from './latency-row.mjs';
export { load, pickLoader } from './load.mjs';
export { compareFunctions, compareStartup } from './micro.mjs';
export { bareServer, exampleAnswers, exampleHandlers, exampleRequests, fastifyServer } from './openapi.mjs';
export { benchOptions, printRows, recordResults, replaceRows, resultsFile } from './results.mjs';
export { compareContractServers, compareServers } from './servers.mjs';
export { median, percentile } from './stats.mjs';
