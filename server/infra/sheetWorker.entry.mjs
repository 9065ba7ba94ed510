// The sheet worker's entry, started by sheetWorker.ts. Plain JavaScript, because a worker thread does not
// inherit the TypeScript loader of the thread that starts it: neither tsx's (the server, `npm start`) nor
// vitest's (the tests). It loads sheetRead.ts through tsx's API, so the reading has one source in both.
// One file at a time: sheetWorker.ts sends the next only after this one's answer.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { readSheetJob } = await tsImport('./sheetRead.ts', import.meta.url);

parentPort.on('message', async (job) => {
  parentPort.postMessage(await readSheetJob(job));
});
