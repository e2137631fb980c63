/**
 * Starts the throwaway PostgreSQL cluster the store tests run against (beside SQLite), once for
 * the run. With STARSPEC_REQUIRE_POSTGRES=1 (CI) a machine without PostgreSQL fails the run.
 */
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const postgres = await startTestPostgres();
  if (!postgres && process.env.STARSPEC_REQUIRE_POSTGRES === '1')
    throw new Error('PostgreSQL is required (STARSPEC_REQUIRE_POSTGRES=1) but no server binaries were found');
  project.provide('postgresUrl', postgres?.url ?? '');
  return () => postgres?.stop();
}
