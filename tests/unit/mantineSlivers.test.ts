// The build points a few of Mantine's imports at the sliver they use (vite.config.ts, MANTINE_REDIRECTS): each
// redirect must match the file it is meant for, give that file every name it imports, and the app must not use
// what a redirect leaves out (Menu.Sub).
import fs from 'node:fs';
import path from 'node:path';
import * as floatingUiReactDom from '@floating-ui/react-dom';
import { RemoveScroll } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import * as menuSub from '../../src/vendor/floatingUiMenuSub';
import * as removeScrollClassNames from '../../src/vendor/removeScrollClassNames';
import * as rruleLeftOut from '../../src/vendor/rruleLeftOut';
import { MANTINE_REDIRECTS } from '../../vite.config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REPLACEMENTS: Record<string, object> = {
  '@floating-ui/react-dom': floatingUiReactDom,
  'floatingUiMenuSub.ts': menuSub,
  'removeScrollClassNames.ts': removeScrollClassNames,
  'rruleLeftOut.ts': rruleLeftOut,
};

/** Every file of Mantine's core and schedule packages. */
const files = ['node_modules/@mantine/core/esm', 'node_modules/@mantine/schedule/esm'].flatMap((folder) =>
  fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => path.join(ROOT, folder, file)),
);

/** The names a file takes from `source`: listed in braces, or read off a namespace import. */
function importedNames(code: string, source: string): string[] | undefined {
  const listed = new RegExp(`import \\{([^}]*)\\} from "${source}"`).exec(code)?.[1];
  if (listed) return listed.split(',').map((name) => name.trim());
  const namespace = new RegExp(`import \\* as (\\w+) from "${source}"`).exec(code)?.[1];
  if (!namespace) return undefined;
  const read = [...code.matchAll(new RegExp(`\\b${namespace}\\.(\\w+)`, 'g'))].map((match) => match[1]!);
  return [...new Set(read)].filter((name) => name !== 'default');
}

describe("Mantine's imports pointed at a sliver", () => {
  it.each(MANTINE_REDIRECTS.map((redirect) => [redirect.importer.source, redirect] as const))(
    '%s: matches one file, which imports only what the sliver has',
    (_name, redirect) => {
      const matching = files.filter((file) => redirect.importer.test(file));
      expect(matching).toHaveLength(1);
      const names = importedNames(fs.readFileSync(matching[0]!, 'utf8'), redirect.source);
      expect(names?.length, `${matching[0]} imports ${redirect.source}`).toBeGreaterThan(0);
      const sliver = Object.entries(REPLACEMENTS).find(([key]) => redirect.to.endsWith(key))![1];
      for (const name of names!) expect(sliver, name).toHaveProperty(name);
    },
  );

  it("keeps react-remove-scroll's class names", () => {
    expect(removeScrollClassNames.RemoveScroll.classNames).toEqual(RemoveScroll.classNames);
  });

  it('leaves out only Menu.Sub, which no view uses', () => {
    const views = fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const using = views.filter((file) =>
      /\bMenu\.Sub\b|\bMenuSub\w*\b/.test(fs.readFileSync(path.join(ROOT, 'src', file), 'utf8')),
    );
    expect(using.filter((file) => !file.startsWith('vendor'))).toEqual([]);
    expect(() => menuSub.useHover()).toThrow(/Menu\.Sub/);
  });

  it('leaves out recurring events, which the calendar grid never gives Mantine', () => {
    const grid = ['CalendarGrid', 'MonthGrid', 'WeekGrid', 'MobileMonthGrid']
      .map((file) => fs.readFileSync(path.join(ROOT, `src/views/calendar/${file}.tsx`), 'utf8'))
      .join('\n');
    expect(grid).toContain('@mantine/schedule');
    expect(grid).not.toMatch(/recurrence|rrule/i);
    expect(() => rruleLeftOut.RRule.parseString('FREQ=DAILY')).toThrow(/rrule/);
  });
});
