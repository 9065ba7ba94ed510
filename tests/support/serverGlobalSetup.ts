// The server projects' global set-up: names the run whose database templates the test files share
// (tests/support/templateDatabase.ts), and drops them when the project's files are done.
import type { TestProject } from 'vitest/node';
import { dropRun, newRunName } from './templateDatabase';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's name, which its templates and test databases carry. */
    templateRun: string;
  }
}

export default function setup(project: TestProject) {
  const run = newRunName();
  project.provide('templateRun', run);
  const url = project.config.env?.TEST_DIALECT === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  return () => dropRun(url, run);
}
