// The app's scripts of a visitor page the server painted (server/infra/visitorHints.ts): fetched once the page
// has been painted, not beside its styles. On a phone on a slow network they would share the line with the
// styles the painted page waits for; the page is readable meanwhile and the app takes over when they are in.
// The page names them in <script id="after-paint" type="application/json">: the entry, the page's chunks to
// preload, and the translations. A hidden tab paints nothing: its scripts are fetched at once.
const config = JSON.parse(document.getElementById('after-paint')?.textContent ?? '{}');

function add(attributes) {
  const element = document.createElement(attributes.tag);
  for (const [name, value] of Object.entries(attributes)) if (name !== 'tag') element.setAttribute(name, value);
  document.head.append(element);
}

function start() {
  for (const href of config.preload ?? []) add({ tag: 'link', rel: 'modulepreload', crossorigin: '', href });
  for (const href of config.fetch ?? []) add({ tag: 'link', rel: 'preload', as: 'fetch', crossorigin: '', href });
  if (config.entry) add({ tag: 'script', type: 'module', crossorigin: '', src: config.entry });
}

if (document.visibilityState === 'hidden') start();
// The frame after the first paint.
else requestAnimationFrame(() => setTimeout(start, 0));
