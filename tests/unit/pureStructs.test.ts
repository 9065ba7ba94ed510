// The build marks superstruct's builders pure (vite.config.ts, markPureStructs), so a page keeps only the
// structs it uses of a contract: only the builders' calls, under whatever name they were imported.
import { describe, expect, it } from 'vitest';
import { markPureStructs } from '../../vite.config';

const PURE = '/*#__PURE__*/ ';

describe('marking the contracts’ structs pure', () => {
  it('marks every builder call, nested ones and renamed imports included', () => {
    const code = [
      "import { object, string as text, optional, validate } from 'superstruct';",
      'export const A = object({ a: text(), b: optional(text()) });',
      'export const ok = (value) => validate(value, A);',
    ].join('\n');
    expect(markPureStructs(code, '/work/src/api/a.ts')).toBe(
      [
        "import { object, string as text, optional, validate } from 'superstruct';",
        `export const A = ${PURE}object({ a: ${PURE}text(), b: ${PURE}optional(${PURE}text()) });`,
        'export const ok = (value) => validate(value, A);',
      ].join('\n'),
    );
  });

  it('leaves the checks, other modules’ functions and files without superstruct alone', () => {
    const checks = "import { assert, is, create, mask } from 'superstruct';\nassert(x, S); is(x, S); create(x, S); mask(x, S);";
    expect(markPureStructs(checks, '/work/src/api/b.ts')).toBeNull();
    const other = "import { object } from './mine';\nexport const B = object();";
    expect(markPureStructs(other, '/work/src/api/c.ts')).toBeNull();
    expect(markPureStructs('export const C = 1;', '/work/src/api/d.ts')).toBeNull();
  });

  it('reads TypeScript and JSX', () => {
    const code =
      "import { type Infer, object } from 'superstruct';\nexport const D = object<{}>({});\nexport type D = Infer<typeof D>;";
    expect(markPureStructs(code, '/work/src/api/e.ts')).toContain(`= ${PURE}object<{}>({})`);
    const view = "import { string } from 'superstruct';\nconst S = string();\nexport const V = () => <b>{String(S)}</b>;";
    expect(markPureStructs(view, '/work/src/views/f.tsx')).toContain(`const S = ${PURE}string();`);
  });
});
