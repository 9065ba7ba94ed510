// Test projects (DESIGN.md §2, §7): unit and machine tests in node, views in happy-dom, and the server
// suite through app.inject, once on SQLite and again on PostgreSQL when TEST_DATABASE_URL is set.
import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './tests/support/longFilesFirst';

const serverFiles = ['tests/server/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on the 2-core CI machine. Two run
    // unit, views and server in about two thirds of the time (the server files wait on SMTP and Redis, and
    // the main process does little); each server file has its own database, so files never meet.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The few long files start first, so that no layer ends on one of them running alone.
    sequence: { sequencer: LongFilesFirst },
    // Every project runs its files in one module graph per worker (isolate: false): the files spent more time
    // importing (hundreds of modules) than testing. The server files still build their own apps on their own
    // databases, and the server keeps no state in modules beyond caches keyed by database or language; the
    // unit files hold no module state, and the one that stubs a global unstubs it. The browser app does keep
    // state in its modules (caches, the token, calls under way), so each view file evaluates the app's modules
    // afresh and puts back what the window had (tests/views/setup.ts); the libraries stay loaded.
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
          isolate: false,
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
