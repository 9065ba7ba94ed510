// The order vitest starts a project's files in. Its own order needs the durations of an earlier run (kept in
// node_modules/.vite): on a clean clone, as CI runs, it has none and starts the largest files first. The
// longest files here are small ones (the route fuzz's three parts hold two lines each; the bodies are in
// tests/support), so they started last, and the layer ended with one of them running alone on one of the two
// workers (25–30 s on PostgreSQL). These start first, longest first; the rest keep vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that take longest, longest first (each 5–30 s where the others take 0.1–5 s). */
export const LONG_FILES = [
  /tests\/server\/fuzzRoutes\.\d+\.test\.ts$/,
  /tests\/server\/cfdisMatrix\.test\.ts$/,
  /tests\/server\/shutdown\.test\.ts$/,
  /tests\/server\/outagePostgres\.test\.ts$/,
  /tests\/server\/(cfdis|config|redisRateLimit|outageProcess)\.test\.ts$/,
  // The unit layer's: the scenario documents regenerated and compared (11 s), the biggest machine models.
  /tests\/unit\/scenarios\.test\.ts$/,
  /tests\/machines\/(ticketDetail|movementLog|history|ticketList)Machine\.test\.ts$/,
  /tests\/views\/(CalendarPage|gateCaseta)\.test\.tsx$/,
];

const rank = (spec: TestSpecification) => {
  const index = LONG_FILES.findIndex((pattern) => pattern.test(spec.moduleId.replaceAll('\\', '/')));
  return index === -1 ? LONG_FILES.length : index;
};

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a rank (and across projects, which vitest orders first) the
    // order stays vitest's.
    return sorted
      .map((spec, position) => ({ spec, position }))
      .sort((a, b) => {
        if (a.spec.project.name !== b.spec.project.name) return a.position - b.position;
        return rank(a.spec) - rank(b.spec) || a.position - b.position;
      })
      .map(({ spec }) => spec);
  }
}
