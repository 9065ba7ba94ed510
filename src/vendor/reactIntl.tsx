// The part of react-intl 7 (BSD-3-Clause, https://formatjs.github.io) this app uses, for the browser build only:
// vite.config.ts points `react-intl` here. The build's messages arrive parsed (src/i18n/node/compileCatalog.ts),
// so formatting them is a walk over the message AST with the browser's own Intl; react-intl with
// @formatjs/intl, intl-messageformat and tslib was about 13 KiB gzip on every first load, this is about 2.
// The dev server and the tests keep the real library. tests/unit/reactIntl.test.ts formats every message of
// every language both ways and compares, and renders the components both ways: a message using something
// this walk does not handle fails there, not on a phone.
import {
  Children,
  cloneElement,
  createContext,
  createElement,
  Fragment,
  isValidElement,
  memo,
  type ReactNode,
  useContext,
  useMemo,
} from 'react';

/** The AST node types of @formatjs/icu-messageformat-parser (its TYPE enum). */
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;

interface Element {
  type: number;
  value: string;
  style?: string | { parsedOptions?: Record<string, unknown> } | null;
  options?: Record<string, { value: Element[] }>;
  offset?: number;
  pluralType?: Intl.PluralRulesOptions['type'];
  children?: Element[];
}
type Message = string | Element[];
type Values = Record<string, unknown>;
/** A formatted message: a string, or parts when a value is a React node. */
type Formatted = string | ReactNode[];

// intl-messageformat's named formats ({n, number, percent}, {d, date, short} …).
const NAMED: Record<'number' | 'date' | 'time', Record<string, Intl.NumberFormatOptions & Intl.DateTimeFormatOptions>> = {
  number: { integer: { maximumFractionDigits: 0 }, currency: { style: 'currency' }, percent: { style: 'percent' } },
  date: {
    short: { month: 'numeric', day: 'numeric', year: '2-digit' },
    medium: { month: 'short', day: 'numeric', year: 'numeric' },
    long: { month: 'long', day: 'numeric', year: 'numeric' },
    full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  },
  time: {
    short: { hour: 'numeric', minute: 'numeric' },
    medium: { hour: 'numeric', minute: 'numeric', second: 'numeric' },
    long: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
    full: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
  },
};

// The options @formatjs/intl passes on to Intl (others are dropped, as it drops them).
const DATE_OPTIONS = [
  'formatMatcher',
  'timeZone',
  'hour12',
  'weekday',
  'era',
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'second',
  'timeZoneName',
  'hourCycle',
  'dateStyle',
  'timeStyle',
  'calendar',
  'numberingSystem',
  'fractionalSecondDigits',
];
const NUMBER_OPTIONS = [
  'style',
  'currency',
  'unit',
  'unitDisplay',
  'useGrouping',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'compactDisplay',
  'currencyDisplay',
  'currencySign',
  'notation',
  'signDisplay',
  'numberingSystem',
  'trailingZeroDisplay',
  'roundingPriority',
  'roundingIncrement',
  'roundingMode',
];
const pick = (options: object, allowed: string[]) =>
  Object.fromEntries(allowed.filter((name) => name in options).map((name) => [name, (options as Values)[name]]));

// Intl formatters are costly to build: one per locale and options, as react-intl memoises them.
const formatters = new Map<string, unknown>();
function cached<T>(kind: string, locale: string, options: object | undefined, build: () => T): T {
  const key = `${kind} ${locale} ${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}
const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) =>
  cached('n', locale, options, () => new Intl.NumberFormat(locale, options));
const dateFormat = (locale: string, options?: Intl.DateTimeFormatOptions) =>
  cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options));
const pluralRules = (locale: string, type: Intl.PluralRulesOptions['type']) =>
  cached('p', locale, { type }, () => new Intl.PluralRules(locale, { type }));

interface Part {
  literal: boolean;
  value: unknown;
}

function styleOf(element: Element, kind: 'number' | 'date' | 'time') {
  const { style } = element;
  if (typeof style === 'string') return NAMED[kind][style];
  if (style?.parsedOptions) return style.parsedOptions;
  return kind === 'time' ? NAMED.time.medium : undefined;
}

/** intl-messageformat's formatToParts, over the node types above; throws where it throws. */
function toParts(elements: Element[], locale: string, values: Values | undefined, pluralValue?: number): Part[] {
  const first = elements[0];
  if (elements.length === 1 && first?.type === LITERAL) return [{ literal: true, value: first.value }];
  const parts: Part[] = [];
  for (const element of elements) {
    if (element.type === LITERAL) {
      parts.push({ literal: true, value: element.value });
      continue;
    }
    if (element.type === POUND) {
      if (typeof pluralValue === 'number') parts.push({ literal: true, value: numberFormat(locale).format(pluralValue) });
      continue;
    }
    const name = element.value;
    if (!values || !(name in values)) throw new Error(`missing value for ${name}`);
    let value = values[name];
    switch (element.type) {
      case ARGUMENT:
        if (!value || typeof value === 'string' || typeof value === 'number') {
          value = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
        }
        parts.push({ literal: typeof value === 'string', value });
        break;
      case DATE:
      case TIME:
        parts.push({
          literal: true,
          value: dateFormat(locale, styleOf(element, element.type === DATE ? 'date' : 'time')).format(value as Date),
        });
        break;
      case NUMBER: {
        const style = styleOf(element, 'number') as (Intl.NumberFormatOptions & { scale?: number }) | undefined;
        if (style?.scale) value = (value as number) * style.scale;
        parts.push({ literal: true, value: numberFormat(locale, style).format(value as number) });
        break;
      }
      case TAG: {
        if (typeof value !== 'function') throw new Error(`${name} is not a function`);
        const inner = toParts(element.children ?? [], locale, values, pluralValue).map((part) => part.value);
        const chunks: unknown = value(inner);
        for (const chunk of Array.isArray(chunks) ? chunks : [chunks])
          parts.push({ literal: typeof chunk === 'string', value: chunk });
        break;
      }
      case SELECT: {
        const option = element.options?.[value as string] ?? element.options?.other;
        if (!option) throw new Error(`no option ${String(value)} for ${name}`);
        parts.push(...toParts(option.value, locale, values));
        break;
      }
      case PLURAL: {
        const offset = element.offset ?? 0;
        let option = element.options?.[`=${value}`];
        if (!option) {
          const rule = pluralRules(locale, element.pluralType).select((value as number) - offset);
          option = element.options?.[rule] ?? element.options?.other;
        }
        if (!option) throw new Error(`no option ${String(value)} for ${name}`);
        parts.push(...toParts(option.value, locale, values, (value as number) - offset));
        break;
      }
      default:
        throw new Error(`message node type ${element.type} is not handled`);
    }
  }
  // Adjacent literals merged (intl-messageformat's mergeLiteral).
  const merged: Part[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (last?.literal && part.literal) last.value = `${last.value as string}${part.value as string}`;
    else merged.push({ ...part });
  }
  return merged;
}

/** IntlMessageFormat.format: one string, or the parts with adjacent strings joined. */
function formatAst(elements: Element[], locale: string, values: Values | undefined): string | unknown[] {
  const parts = toParts(elements, locale, values);
  if (parts.length === 1) return parts[0]!.value as string;
  const result: unknown[] = [];
  for (const part of parts) {
    const last = result.length - 1;
    if (result.length === 0 || !part.literal || typeof result[last] !== 'string') result.push(part.value);
    else result[last] = `${result[last] as string}${part.value as string}`;
  }
  return result.length <= 1 ? ((result[0] as string | undefined) ?? '') : result;
}

// react-intl's keys for message parts (React.Children.map over the parts, each element keyed).
const keyed = (node: ReactNode, key: number) => (isValidElement(node) ? cloneElement(node, { key }) : node);
const keyedParts = (parts: unknown[]) => Children.map(parts as ReactNode[], keyed) ?? [];

export interface MessageDescriptor {
  id?: string | number;
  defaultMessage?: string | Element[];
  description?: string | object;
}

export interface IntlConfig {
  locale: string;
  messages?: Record<string, Message>;
  defaultLocale?: string;
}

export interface IntlShape {
  locale: string;
  defaultLocale: string;
  messages: Record<string, Message>;
  formatMessage(descriptor: MessageDescriptor, values?: Values): Formatted;
  formatDate(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatTime(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions): string;
}

/** @formatjs/intl's formatMessage, its fallbacks included (the default message, else the id; errors silent). */
function formatMessage(config: Required<IntlConfig>, descriptor: MessageDescriptor, rawValues?: Values): Formatted {
  const { locale, messages } = config;
  if (!descriptor.id) throw new Error('[@formatjs/intl] An `id` must be provided to format a message.');
  const id = String(descriptor.id);
  const { defaultMessage } = descriptor;
  const message = Object.hasOwn(messages, id) ? messages[id] : undefined;
  if (Array.isArray(message) && message.length === 1 && message[0]?.type === LITERAL) return message[0].value;
  if (!rawValues && typeof message === 'string' && message) return message.replace(/'\{(.*?)\}'/gi, '{$1}');
  // react-intl keys what a tag's function is given.
  const values =
    rawValues &&
    Object.fromEntries(
      Object.entries(rawValues).map(([name, value]) => [
        name,
        typeof value === 'function' ? (parts: unknown[]) => value(keyedParts(parts)) : value,
      ]),
    );
  const keyedResult = (formatted: string | unknown[]) => (Array.isArray(formatted) ? keyedParts(formatted) : formatted);
  // Only parsed messages are formatted here: a string one is shown as written (the build has no parser).
  const attempt = (source: Message | undefined, sourceLocale: string): Formatted | undefined => {
    if (typeof source !== 'object') return undefined;
    try {
      return keyedResult(formatAst(source as Element[], sourceLocale, values ?? {}));
    } catch {
      return undefined;
    }
  };
  if (!message) {
    if (defaultMessage)
      return attempt(defaultMessage, config.defaultLocale) ?? (typeof defaultMessage === 'string' ? defaultMessage : id);
    return id;
  }
  const formatted = attempt(message, locale) ?? (defaultMessage ? attempt(defaultMessage, config.defaultLocale) : undefined);
  if (formatted !== undefined) return formatted;
  if (typeof message === 'string') return message;
  return typeof defaultMessage === 'string' ? defaultMessage : id;
}

const toDate = (value: Date | number | string) => (typeof value === 'string' ? new Date(value || 0) : value);

function formatDateTime(locale: string, kind: 'date' | 'time', value: Date | number | string, options: object = {}): string {
  const date = toDate(value);
  let filtered = pick(options, DATE_OPTIONS) as Intl.DateTimeFormatOptions;
  if (kind === 'time' && !filtered.hour && !filtered.minute && !filtered.second && !filtered.timeStyle && !filtered.dateStyle) {
    filtered = { ...filtered, hour: 'numeric', minute: 'numeric' };
  }
  try {
    return dateFormat(locale, filtered).format(date);
  } catch {
    return String(date);
  }
}

export function createIntl(config: IntlConfig): IntlShape {
  const resolved: Required<IntlConfig> = { messages: {}, defaultLocale: 'en', ...config };
  return {
    locale: resolved.locale,
    defaultLocale: resolved.defaultLocale,
    messages: resolved.messages,
    formatMessage: (descriptor, values) => formatMessage(resolved, descriptor, values),
    formatDate: (value, options) => formatDateTime(resolved.locale, 'date', value, options),
    formatTime: (value, options) => formatDateTime(resolved.locale, 'time', value, options),
    formatNumber: (value, options = {}) => {
      try {
        return numberFormat(resolved.locale, pick(options, NUMBER_OPTIONS)).format(value);
      } catch {
        return String(value);
      }
    },
  };
}

const IntlContext = createContext<IntlShape | null>(null);

export function IntlProvider({ locale, messages, defaultLocale, children }: IntlConfig & { children?: ReactNode }) {
  const intl = useMemo(() => createIntl({ locale, messages, defaultLocale }), [locale, messages, defaultLocale]);
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl)
    throw new Error(
      '[React Intl] Could not find required `intl` object. <IntlProvider> needs to exist in the component ancestry.',
    );
  return intl;
}

interface FormattedMessageProps extends MessageDescriptor {
  values?: Values;
  tagName?: React.ElementType;
  children?(nodes: ReactNode[]): ReactNode;
}

function shallowEqual(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const aKeys = Object.keys(a);
  if (Object.keys(b).length !== aKeys.length) return false;
  return aKeys.every((key) => (a as Values)[key] === (b as Values)[key] && Object.hasOwn(b, key));
}

function Message({ id, description, defaultMessage, values, children, tagName }: FormattedMessageProps) {
  const intl = useIntl();
  const nodes = intl.formatMessage({ id, description, defaultMessage }, values) as ReactNode;
  if (typeof children === 'function') return children(Array.isArray(nodes) ? nodes : [nodes]);
  return createElement(tagName ?? Fragment, null, nodes);
}

export const FormattedMessage = memo(Message, ({ values, ...props }, { values: nextValues, ...nextProps }) => {
  return shallowEqual(nextValues, values) && shallowEqual(props, nextProps);
});

type DateProps = Intl.DateTimeFormatOptions & { value: Date | number | string; children?(formatted: string): ReactNode };
type NumberProps = Intl.NumberFormatOptions & { value: number | bigint; children?(formatted: string): ReactNode };

export function FormattedDate({ value, children, ...options }: DateProps) {
  const formatted = useIntl().formatDate(value, options);
  return typeof children === 'function' ? children(formatted) : formatted;
}

export function FormattedTime({ value, children, ...options }: DateProps) {
  const formatted = useIntl().formatTime(value, options);
  return typeof children === 'function' ? children(formatted) : formatted;
}

export function FormattedNumber({ value, children, ...options }: NumberProps) {
  const formatted = useIntl().formatNumber(value, options);
  return typeof children === 'function' ? children(formatted) : formatted;
}
