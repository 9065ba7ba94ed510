// The global error handling of spec §8: log the first error, then every 5th; after 50 errors force a
// refresh of the view. Errors of the response cache are only logged. No user-facing message comes from
// here (each flow shows its own).
export const LOG_EVERY = 5;
export const REFRESH_AFTER = 50;

export interface ErrorReporter {
  report(error: unknown, options?: { cacheOnly?: boolean }): void;
  readonly count: number;
}

export function createErrorReporter(log: (error: unknown, count: number) => void, refreshView: () => void): ErrorReporter {
  let count = 0;
  return {
    report(error, options) {
      if (options?.cacheOnly) {
        log(error, count);
        return;
      }
      count++;
      if (count === 1 || count % LOG_EVERY === 0) log(error, count);
      if (count >= REFRESH_AFTER) {
        count = 0;
        refreshView();
      }
    },
    get count() {
      return count;
    },
  };
}

let refreshView: () => void = () => {};

/** The app's view root registers how it refreshes itself (main.tsx remounts the tree). */
export function onViewRefresh(refresh: () => void): () => void {
  refreshView = refresh;
  return () => {
    if (refreshView === refresh) refreshView = () => {};
  };
}

const appReporter = createErrorReporter(
  (error, count) => console.error(`[error #${count}]`, error),
  () => refreshView(),
);

export function reportError(error: unknown, options?: { cacheOnly?: boolean }): void {
  appReporter.report(error, options);
}
