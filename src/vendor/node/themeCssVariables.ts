// Node only (the build): the CSS variables Mantine's <MantineCssVariables> writes for a theme, read from Mantine's
// own rendering of it, so the browser build can carry the result instead of the code that computes it
// (src/vendor/mantineCssVariables.tsx, vite.config.ts).
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const VARIABLES = /<style data-mantine-styles="true"(?: nonce="[^"]*")?>([\s\S]*?)<\/style>/;

/** The variables' CSS for `theme` in the light scheme, as MantineProvider renders it; '' when it renders none. */
export function themeCssVariables(theme: MantineThemeOverride): string {
  const markup = renderToStaticMarkup(
    createElement(MantineProvider, { theme, defaultColorScheme: 'light', withGlobalClasses: false }),
  );
  return VARIABLES.exec(markup)?.[1] ?? '';
}
