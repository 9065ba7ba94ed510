// A spreadsheet read off the request thread, in a worker thread (sheetWorker.entry.mjs running sheetRead.ts)
// with a time limit and a heap of its own: a hostile workbook costs its worker, never the event loop that every
// condominium's requests share. A worker that runs over its time is terminated and the file refused ('time');
// one that runs out of heap dies alone ('memory').
//
// Workers are kept between files: starting one costs about 0.7 s (tsx loading sheetRead.ts, read-excel-file),
// more than reading a whole statement. At most SHEET_WORKERS read at once, a few more files wait their turn,
// and beyond that the caller is told to retry ('busy'). An idle worker ends after a minute.
import { Worker } from 'node:worker_threads';
import type { SheetJob, SheetOutcome } from './sheetRead';

/** How long one file may take to read. A statement of 20,000 rows reads in about 0.7 s on an idle core. */
export const SHEET_TIME_LIMIT_MS = 10_000;
/** A worker's heap: a 20,000-row statement takes about 120 MB to read. */
export const SHEET_HEAP_MB = 256;
/** Files read at once (one per core of a small server), and files that may wait for a turn. */
const SHEET_WORKERS = 2;
const SHEET_WAITING = 8;
const IDLE_MS = 60_000;

const entry = new URL('./sheetWorker.entry.mjs', import.meta.url);

interface Reader {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
}

const idle: Reader[] = [];
let running = 0;
const waiting: (() => void)[] = [];

function startReader(): Reader {
  const worker = new Worker(entry, {
    resourceLimits: { maxOldGenerationSizeMb: SHEET_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    // It needs no configuration: the server's secrets stay out of its copy of the environment.
    env: {},
  });
  // An idle worker never keeps the process alive (a job in flight does, through its timer).
  worker.unref();
  return { worker };
}

function park(reader: Reader): void {
  reader.idleTimer = setTimeout(() => {
    idle.splice(idle.indexOf(reader), 1);
    void reader.worker.terminate();
  }, IDLE_MS);
  reader.idleTimer.unref();
  idle.push(reader);
}

function readOn(reader: Reader, job: SheetJob, timeoutMs: number): Promise<SheetOutcome> {
  const { worker } = reader;
  return new Promise((resolve) => {
    const settle = (outcome: SheetOutcome, reusable: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reusable) park(reader);
      else void worker.terminate();
      resolve(outcome);
    };
    const onMessage = (outcome: SheetOutcome) => settle(outcome, true);
    const onError = (error: NodeJS.ErrnoException) =>
      settle({ refused: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'unreadable' }, false);
    const onExit = () => settle({ refused: 'unreadable' }, false);
    const timer = setTimeout(() => settle({ refused: 'time' }, false), timeoutMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(job);
  });
}

/** A turn to read, or false when too many files already wait. A turn that ends is handed to the next waiting. */
async function takeTurn(): Promise<boolean> {
  if (running < SHEET_WORKERS) {
    running++;
    return true;
  }
  if (waiting.length >= SHEET_WAITING) return false;
  await new Promise<void>((turn) => waiting.push(turn));
  return true;
}

function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * Reads the file in a worker: its rows, or the limit that refused it ('time', 'memory', 'busy' included).
 * The time limit counts from the file's turn, and includes starting a worker when none is idle.
 */
export async function readSheetOffThread(job: SheetJob, timeoutMs = SHEET_TIME_LIMIT_MS): Promise<SheetOutcome> {
  if (!(await takeTurn())) return { refused: 'busy' };
  try {
    const reader = idle.pop() ?? startReader();
    clearTimeout(reader.idleTimer);
    return await readOn(reader, job, timeoutMs);
  } finally {
    endTurn();
  }
}
