// The browser build formats its messages with src/vendor/reactIntl.tsx instead of react-intl (vite.config.ts):
// every message of every language, with every plural branch, must come out as react-intl makes it, and so must
// the components and the fallbacks the app relies on.
import {
  isArgumentElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { createElement, Fragment, isValidElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as real from 'react-intl';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALE } from '../../src/i18n/languages';
import { compileCatalog } from '../../src/i18n/node/compileCatalog';
import * as lite from '../../src/vendor/reactIntl';

type Values = Record<string, unknown>;
type Messages = Record<string, MessageFormatElement[]>;

const quiet = () => {};
const both = (locale: string, messages: Messages) => ({
  real: real.createIntl({ locale, messages, defaultLocale: 'es-MX', onError: quiet }),
  lite: lite.createIntl({ locale, messages: messages as never, defaultLocale: 'es-MX' }),
});

/** The argument names of a message, by what they are used as. */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, 'number' | 'select' | 'text' | 'tag'>()) {
  for (const element of elements) {
    if (isPluralElement(element) || isNumberElement(element)) into.set(element.value, 'number');
    else if (isSelectElement(element)) into.set(element.value, 'select');
    else if (isArgumentElement(element) && !into.has(element.value)) into.set(element.value, 'text');
    else if (isTagElement(element)) into.set(element.value, 'tag');
    if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (isTagElement(element)) argumentsOf(element.children, into);
  }
  return into;
}

/** Sets of values that take every branch a message has: each plural count, a text and a React node. */
function valueSets(elements: MessageFormatElement[]): Values[] {
  const names = argumentsOf(elements);
  return [0, 1, 2, 5, 1234.5].flatMap((count, round) => {
    const values: Values = {};
    for (const [name, kind] of names) {
      if (kind === 'number') values[name] = count;
      else if (kind === 'select') values[name] = round % 2 ? 'other' : 'x';
      else if (kind === 'tag') values[name] = (chunks: ReactNode[]) => createElement('b', null, ...chunks);
      else values[name] = round % 2 ? 'Rosa' : createElement('i', null, 'Rosa');
    }
    return [values];
  });
}

/** A formatted message as markup, with the keys React sees on its parts. */
function shape(formatted: unknown): string {
  if (!Array.isArray(formatted)) return JSON.stringify(formatted);
  const keys = formatted.map((part) => (isValidElement(part) ? `key=${String(part.key)}` : typeof part));
  return `${renderToStaticMarkup(createElement(Fragment, null, ...(formatted as ReactNode[])))} ${keys.join(',')}`;
}

describe.each(LANGUAGES)('%s messages formatted without react-intl', (language) => {
  const messages = compileCatalog(language, 'browser');
  const intl = both(LOCALE[language], messages);

  it('come out as react-intl formats them, every branch', () => {
    let compared = 0;
    for (const [id, ast] of Object.entries(messages)) {
      for (const values of valueSets(ast)) {
        expect(shape(intl.lite.formatMessage({ id }, values)), id).toBe(shape(intl.real.formatMessage({ id }, values as never)));
        compared += 1;
      }
      expect(intl.lite.formatMessage({ id }), id).toBe(intl.real.formatMessage({ id }));
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

describe('what react-intl does beyond a message', () => {
  const messages = compileCatalog('es', 'browser');
  const intl = both('es-MX', messages);
  const plural = Object.entries(messages).find(([, ast]) => ast.some(isPluralElement))![0];

  it('falls back to the id, or the default message as written, as the build does', () => {
    expect(intl.lite.formatMessage({ id: 'no.such.key' })).toBe('no.such.key');
    expect(intl.lite.formatMessage({ id: 'no.such.key', defaultMessage: 'G03' })).toBe('G03');
    // A value the message names is missing: react-intl shows the id.
    expect(intl.lite.formatMessage({ id: plural }, {})).toBe(intl.real.formatMessage({ id: plural }, {}));
    expect(intl.lite.formatMessage({ id: plural })).toBe(plural);
    expect(() => intl.lite.formatMessage({ id: '' })).toThrow(/id/);
  });

  it('formats dates, times and numbers with the options the app passes', () => {
    const at = '2026-11-30T18:05:00Z';
    const dateOptions: Intl.DateTimeFormatOptions[] = [
      {},
      { dateStyle: 'medium' },
      { dateStyle: 'long', timeStyle: 'short' },
      { timeZone: 'America/Mexico_City', dateStyle: 'medium', timeStyle: 'short' },
      { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    ];
    for (const options of dateOptions) {
      expect(intl.lite.formatDate(at, options)).toBe(intl.real.formatDate(at, options));
      expect(intl.lite.formatTime(at, options)).toBe(intl.real.formatTime(at, options));
    }
    expect(intl.lite.formatDate(new Date(0))).toBe(intl.real.formatDate(new Date(0)));
    expect(intl.lite.formatDate('not a date')).toBe(intl.real.formatDate('not a date'));
    const numberOptions: Intl.NumberFormatOptions[] = [
      {},
      { style: 'percent', maximumFractionDigits: 2 },
      { style: 'currency', currency: 'MXN' },
      { maximumFractionDigits: 1 },
    ];
    for (const options of numberOptions) {
      for (const value of [0, 0.1234, 1234567.891, -3]) {
        expect(intl.lite.formatNumber(value, options)).toBe(intl.real.formatNumber(value, options as never));
      }
    }
  });

  it('renders its components as react-intl renders them', () => {
    const tree = (library: typeof lite | typeof real) => {
      const Provider = library.IntlProvider as typeof real.IntlProvider;
      return renderToStaticMarkup(
        createElement(
          Provider,
          { locale: 'es-MX', messages: messages as never, defaultLocale: 'es-MX', onError: quiet },
          createElement(library.FormattedMessage as typeof real.FormattedMessage, {
            id: plural,
            values: Object.fromEntries([...argumentsOf(messages[plural]!).keys()].map((name) => [name, 3])),
          }),
          createElement(library.FormattedMessage as typeof real.FormattedMessage, { id: 'no.such.key' }),
          createElement(library.FormattedMessage as typeof real.FormattedMessage, { id: plural, tagName: 'p', values: {} }),
          createElement(library.FormattedDate as typeof real.FormattedDate, {
            value: '2026-11-30T18:05:00Z',
            dateStyle: 'medium',
          }),
          createElement(library.FormattedNumber as typeof real.FormattedNumber, { value: 0.256, style: 'percent' }),
          createElement(library.FormattedNumber as typeof real.FormattedNumber, { value: 12.345, maximumFractionDigits: 1 }),
        ),
      );
    };
    expect(tree(lite)).toBe(tree(real));
  });

  it('refuses to be used outside its provider, as react-intl does', () => {
    const Probe = () => {
      lite.useIntl();
      return null;
    };
    expect(() => renderToStaticMarkup(createElement(Probe))).toThrow(/IntlProvider/);
  });
});
