// What @mantine/schedule's recurring-event expansion imports from rrule (about 15 KiB gzip with its natural-language
// parser), for the browser build: vite.config.ts points that import here. The calendar grid's events are single
// occurrences the server has already expanded, never a `recurrence` (tests/unit/mantineSlivers.test.ts checks), so
// Mantine never reaches RRule; if it did, it would say why (and Mantine's own catch would show no repeats).
const leftOut = (..._ignored: unknown[]): never => {
  throw new Error('recurring events (rrule) are left out of the build, see vite.config.ts (MANTINE_REDIRECTS)');
};

export const RRule = Object.assign(leftOut, { parseString: leftOut });
