// The server projects' setup file (vitest.config.ts): after each test file, the test apps it opened and did not
// close itself are closed (tests/support/openTestApps.ts). The file's own afterAll hooks run first.
import { afterAll } from 'vitest';
import { closeOpenTestApps } from '../support/openTestApps';

afterAll(closeOpenTestApps);
