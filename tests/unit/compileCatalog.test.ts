// The build ships messages parsed ahead of time (src/i18n/node/compileCatalog.ts) and no ICU parser: every
// message must parse, and format exactly as the plain string would, in every language.
import {
  isArgumentElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALE } from '../../src/i18n/languages';
import { compileCatalog } from '../../src/i18n/node/compileCatalog';
import { readCatalog } from '../../src/i18n/node/readCatalog';

type Values = Record<string, unknown>;

/** A value for every argument a message names: numbers for plurals and numbers, words otherwise. */
function sampleValues(elements: MessageFormatElement[], values: Values = {}): Values {
  for (const element of elements) {
    if (isPluralElement(element) || isNumberElement(element)) values[element.value] = 2;
    else if (isSelectElement(element)) values[element.value] = 'other';
    else if (isArgumentElement(element)) values[element.value] = 'Rosa';
    else if (isTagElement(element)) values[element.value] = (chunks: unknown[]) => `[${chunks.join('')}]`;
    if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options)) sampleValues(option.value, values);
    }
    if (isTagElement(element)) sampleValues(element.children, values);
  }
  return values;
}

const text = (formatted: unknown) => (Array.isArray(formatted) ? formatted.join('') : String(formatted));

describe.each(LANGUAGES)('compiled %s messages', (language) => {
  const compiled = compileCatalog(language);
  const plain = readCatalog(language);

  it('has every key of the catalog, each parsed', () => {
    expect(Object.keys(compiled)).toEqual(Object.keys(plain));
    for (const ast of Object.values(compiled)) expect(Array.isArray(ast)).toBe(true);
  });

  it('formats every message as its string does', () => {
    for (const [key, ast] of Object.entries(compiled)) {
      const values = sampleValues(ast);
      const fromAst = text(new IntlMessageFormat(ast, LOCALE[language]).format(values));
      const fromString = text(new IntlMessageFormat(plain[key]!, LOCALE[language]).format(values));
      expect(fromAst, key).toBe(fromString);
    }
  });
});

it('refuses a language the product does not speak', () => {
  expect(() => compileCatalog('xx')).toThrow(/unknown language xx/);
});
