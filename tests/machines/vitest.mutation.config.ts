// The machine tests alone, for Stryker (stryker.config.mjs): the `unit` project of vitest.config.ts
// narrowed to tests/machines. Stryker's own `testFiles` option would do it from the root config, but in
// Stryker 9.6 it makes static mutants (the machine configs, built when their module loads) activate
// after the module has loaded, so they all "survive" (stryker-js issues 6144, 6209).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: { name: 'unit', environment: 'node', include: ['tests/machines/**/*.test.ts'] },
});
