// The build writes the theme's CSS variables computed once (src/vendor/mantineCssVariables.tsx) instead of
// Mantine computing them in the browser: the style element must be the one MantineProvider itself renders.
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineCssVariables } from '../../src/vendor/mantineCssVariables';
import { themeCssVariables } from '../../src/vendor/node/themeCssVariables';
import { theme } from '../../src/views/app/theme';

afterEach(() => vi.unstubAllGlobals());

const NONCE = () => 'n0nce';
const common = { getStyleNonce: NONCE, withGlobalClasses: false };
/** The provider's markup with Mantine's own variables, or with none and the build's component in their place. */
const withMantine = (of: MantineThemeOverride) => renderToStaticMarkup(createElement(MantineProvider, { theme: of, ...common }));
const withBuild = (of: MantineThemeOverride) =>
  renderToStaticMarkup(
    createElement(MantineProvider, { theme: of, ...common, withCssVariables: false }, createElement(MantineCssVariables)),
  );

describe("the theme's CSS variables", () => {
  it("carry the app theme's own font family", () => {
    expect(themeCssVariables(theme)).toContain('--mantine-font-family: system-ui');
  });

  it.each([
    ['the app theme', theme],
    ["Mantine's default theme", {}],
  ])('are written as Mantine writes them, with the page nonce (%s)', (_name, of) => {
    vi.stubGlobal('__MANTINE_CSS_VARIABLES__', themeCssVariables(of));
    expect(withBuild(of)).toBe(withMantine(of));
    expect(withBuild(of)).toContain('nonce="n0nce"');
  });

  it('write no style element when there is nothing to write', () => {
    vi.stubGlobal('__MANTINE_CSS_VARIABLES__', '');
    expect(withBuild(theme)).toBe('');
  });
});
