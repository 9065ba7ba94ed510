// A vitest reporter for `npm test` (scripts/test.mjs): each project's tests, failures and summed file time, written
// to the file VITEST_PROJECT_ROWS names. Every project runs in one vitest run (one pool, the long files of every
// project first), and the layer table still has a row per project.
import fs from 'node:fs';

export default class VitestProjectRows {
  onTestRunEnd(testModules) {
    const file = process.env.VITEST_PROJECT_ROWS;
    if (!file) return;
    const rows = {};
    for (const testModule of testModules) {
      rows[testModule.project.name] ??= { seconds: 0, tests: 0, failed: 0, files: 0 };
      const row = rows[testModule.project.name];
      row.files += 1;
      row.seconds += (testModule.diagnostic().duration ?? 0) / 1000;
      let failedTests = 0;
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed' || state === 'failed') row.tests += 1;
        if (state === 'failed') failedTests += 1;
      }
      // A file that failed outside its tests (it did not load, a hook threw) is one failure more.
      row.failed += failedTests + (testModule.state() === 'failed' && failedTests === 0 ? 1 : 0);
    }
    fs.writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
  }
}
