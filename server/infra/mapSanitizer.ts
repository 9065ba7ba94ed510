// The public page's Mapa (spec §3.3) is HTML an administrator pastes, usually Google Maps' "embed a map"
// snippet. Nothing of it reaches a browser as HTML: this allow-list parser accepts exactly one <iframe>
// tag (or a bare URL), reads its src, and keeps it only when it is an https embed URL of a known map
// host. Everything else (scripts, handlers, srcdoc, other tags or hosts, javascript: URLs) gives null.
// The page frames the URL itself, in a sandbox (DESIGN.md §4).

/** Hosts that may be framed, and the path their embeds live under. */
const MAP_EMBEDS: readonly { hosts: readonly string[]; path: RegExp }[] = [
  { hosts: ['www.google.com', 'google.com', 'maps.google.com'], path: /^\/maps\/embed(\/|$)/ },
  { hosts: ['www.openstreetmap.org', 'openstreetmap.org'], path: /^\/export\/embed\.html$/ },
];

/** The origins a page may frame: the Content-Security-Policy's frame-src (server/infra/contentSecurityPolicy.ts). */
export const MAP_FRAME_ORIGINS: readonly string[] = MAP_EMBEDS.flatMap((embed) => embed.hosts.map((host) => `https://${host}`));

const MAX_LENGTH = 4000;
/** What map providers' snippets carry. Anything else (on* handlers, srcdoc, name…) refuses the whole frame. */
const FRAME_ATTRIBUTES = new Set([
  'src',
  'width',
  'height',
  'style',
  'frameborder',
  'allowfullscreen',
  'loading',
  'referrerpolicy',
  'title',
  'scrolling',
  'marginheight',
  'marginwidth',
  'aria-hidden',
  'tabindex',
]);
const ATTRIBUTE = /^\s*([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' };

function decodeEntities(value: string): string | null {
  let failed = false;
  const decoded = value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+)(;?)/gi, (whole, body: string, semicolon: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Math.min(Number.parseInt(lower.slice(2), 16), 0x10ffff));
    if (lower.startsWith('#')) return String.fromCodePoint(Math.min(Number.parseInt(lower.slice(1), 10), 0x10ffff));
    const named = NAMED_ENTITIES[lower];
    if (named !== undefined) return named;
    // "&layer=" in a query is text; an unknown "&name;" is an entity we do not know what to make of.
    if (semicolon) failed = true;
    return whole;
  });
  return failed ? null : decoded;
}

/** The attributes of one tag's inside (after the name), or null when anything in it is not an attribute. */
function parseAttributes(inside: string): Map<string, string> | null {
  const attributes = new Map<string, string>();
  let rest = inside;
  while (rest.trim() !== '' && rest.trim() !== '/') {
    const match = ATTRIBUTE.exec(rest);
    if (!match) return null;
    const name = match[1]!.toLowerCase();
    if (attributes.has(name)) return null;
    const raw = match[2] ?? match[3] ?? match[4] ?? '';
    const value = decodeEntities(raw);
    if (value === null) return null;
    attributes.set(name, value);
    rest = rest.slice(match[0].length);
    // Attributes are separated by blanks: "a=1b=2" or a="1"b is not HTML we accept.
    if (rest !== '' && !/^\s/.test(rest) && rest.trim() !== '/') return null;
  }
  return attributes;
}

/** The URL when it is an https embed of a known map host, normalised; otherwise null. */
export function allowedMapUrl(candidate: string): string | null {
  // Browsers strip tabs and newlines inside URLs, which hides "java\nscript:"; refuse any such character.
  if (/[\s\\]/.test(candidate) || [...candidate].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const allowed = MAP_EMBEDS.some((embed) => embed.hosts.includes(host) && embed.path.test(url.pathname));
  return allowed ? url.href : null;
}

/**
 * The safe embed URL of an administrator's Mapa: one <iframe …> (with its closing tag and nothing inside),
 * or a bare URL. null for anything else.
 */
export function sanitizeMapEmbed(html: string | null | undefined): string | null {
  const text = html?.trim() ?? '';
  if (text === '' || text.length > MAX_LENGTH) return null;
  if (!text.includes('<')) return allowedMapUrl(text);
  const tag = /^<iframe(\s[^<>]*)?>\s*(?:<\/iframe\s*>)?$/i.exec(text);
  if (!tag) return null;
  const attributes = parseAttributes(tag[1] ?? '');
  if (!attributes || [...attributes.keys()].some((name) => !FRAME_ATTRIBUTES.has(name))) return null;
  const src = attributes.get('src');
  return src ? allowedMapUrl(src) : null;
}
