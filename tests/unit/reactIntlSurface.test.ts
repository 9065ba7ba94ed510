// The browser build formats with src/vendor/reactIntl.tsx (vite.config.ts points `react-intl` there) while the types,
// the dev server and the tests use the real react-intl. So `intl.formatList(...)` typechecks, passes every view test
// and blanks the built page (it did, in the book of minutes). This reads the app's sources: every name imported
// from react-intl and every member read from an IntlShape must be one the vendored part provides.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as vendored from '../../src/vendor/reactIntl';

const SRC = path.resolve(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full.includes(`${path.sep}vendor`) ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the vendored react-intl covers what the app uses', () => {
  const files = sources(SRC).map((file) => ({ file: path.relative(SRC, file), text: fs.readFileSync(file, 'utf8') }));
  const shape = Object.keys(vendored.createIntl({ locale: 'es', messages: {} }));

  // Types (`import type`, `type X`) leave nothing in the build.
  it('provides every name imported from react-intl', () => {
    const missing = files.flatMap(({ file, text }) =>
      [...text.matchAll(/import\s+\{([^}]*)\}\s+from\s+'react-intl'/g)].flatMap((match) =>
        match[1]!
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => name.split(/\s+as\s+/)[0]!)
          .filter((name) => !(name in vendored))
          .map((name) => `${file}: ${name}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('provides every member the app reads from an IntlShape', () => {
    const missing = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\b(?:intl|useIntl\(\))\.([a-zA-Z]+)\b/g)]
        .map((match) => match[1]!)
        .filter((member) => !shape.includes(member))
        .map((member) => `${file}: intl.${member}`),
    );
    expect(missing).toEqual([]);
  });

  it('would notice a member it does not provide', () => {
    expect(shape).not.toContain('formatList');
    expect(shape).toEqual(expect.arrayContaining(['formatMessage', 'formatDate', 'formatTime', 'formatNumber', 'locale']));
  });
});
