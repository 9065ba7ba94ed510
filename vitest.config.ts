// Test projects (DESIGN.md §2, §7): unit and machine tests in node, views in happy-dom, and the server
// suite through app.inject, once on SQLite and again on PostgreSQL when TEST_DATABASE_URL is set.
import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverFiles = ['tests/server/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on the 2-core CI machine. Two run
    // unit, views and server in about two thirds of the time (the server files wait on SMTP and Redis, and
    // the main process does little); each server file has its own database, so files never meet.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The unit and server projects run their files in one module graph per worker (isolate: false): the files
    // spent more time importing (hundreds of modules) than testing. The server files still build their own
    // apps on their own databases, and the server keeps no state in modules beyond caches keyed by database
    // or language; the unit files hold no module state, and the one that stubs a global unstubs it. The views
    // stay isolated: the browser app keeps state in modules (caches, the token, pending calls) that one
    // file's views would leave to the next (tried: 8 of 285 tests failed, different ones each run).
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          environment: 'happy-dom',
          include: ['tests/views/**/*.test.tsx'],
          setupFiles: ['tests/views/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: serverFiles,
          setupFiles: ['tests/server/setup.ts'],
          env: { TEST_DIALECT: 'sqlite' },
          globalSetup: ['tests/support/serverGlobalSetup.ts'],
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-pg',
                environment: 'node' as const,
                include: serverFiles,
                setupFiles: ['tests/server/setup.ts'],
                env: { TEST_DIALECT: 'postgres' },
                globalSetup: ['tests/support/serverGlobalSetup.ts'],
                isolate: false,
                testTimeout: 20_000,
                hookTimeout: 20_000,
              },
            },
          ]
        : []),
    ],
  },
});
