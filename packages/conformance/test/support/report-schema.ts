// A validator of the JSON report against its published schema (ajv, strict, with formats).
import { createRequire } from 'node:module';
import { reportSchema } from '../../src/index.js';

// ajv ships CommonJS.
const require = createRequire(import.meta.url);
const Ajv = require('ajv').default as typeof import('ajv').default;
const addFormats = require('ajv-formats').default as typeof import('ajv-formats').default;

const ajv = new Ajv({ strict: true, allErrors: true });
addFormats(ajv);

/** Validates a parsed report; `errors` says why not. */
export const validateReport = ajv.compile(reportSchema);
