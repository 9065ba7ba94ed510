// Which Chromium the browser suite drives: CHROME_PATH when set, else Debian's headless shell
// (chromium-headless-shell, the same engine and version as the chromium package, without the desktop
// browser's window and tab strip), else Debian's chromium. The headless shell opens a browser context in
// about a third of the time and loads the app in about half (docs/decisions.md, "The browser suite in the
// headless shell"); a machine with only `chromium` runs the same suite in it.
import fs from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = '/usr/bin/chromium';

/** The executable the suite launches; it may not exist (the caller says so). */
export function chromiumPath(env = process.env) {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  return fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
}
