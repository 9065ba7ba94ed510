// MantineProvider's <MantineCssVariables> for the app's one theme, light only: the build computes its CSS with
// Mantine's own code (src/vendor/node/themeCssVariables.ts) and vite.config.ts points MantineProvider's import
// here, so no page carries the resolver and colour functions that compute it at every start (about 2 KiB gzip).
// tests/unit/mantineCssVariables.test.ts holds the markup to Mantine's.
import { useMantineStyleNonce } from '@mantine/core';

/** The CSS, written in by the build (vite.config.ts, define). */
declare const __MANTINE_CSS_VARIABLES__: string;

export function MantineCssVariables() {
  const nonce = useMantineStyleNonce();
  if (!__MANTINE_CSS_VARIABLES__) return null;
  return <style data-mantine-styles nonce={nonce?.()} dangerouslySetInnerHTML={{ __html: __MANTINE_CSS_VARIABLES__ }} />;
}
