// The Mapa sanitizer (DESIGN.md §4): only one iframe's src of a known map host survives, normalised; an XSS
// corpus proves scripts, handlers, javascript: URLs, srcdoc, other hosts and nested tags give nothing. And
// the public condo answer carries the sanitized URL, never the stored HTML.
import { beforeAll, describe, expect, it } from 'vitest';
import { allowedMapUrl, sanitizeMapEmbed } from '../../server/infra/mapSanitizer';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

const GOOGLE = 'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3732.5!2d-103.41!3d20.71';
const OSM = 'https://www.openstreetmap.org/export/embed.html?bbox=-103.42%2C20.70%2C-103.40%2C20.72&layer=mapnik';

describe('sanitizeMapEmbed: what is kept', () => {
  it('keeps the src of Google Maps and OpenStreetMap embeds, whatever the other attributes', () => {
    expect(
      sanitizeMapEmbed(
        `<iframe src="${GOOGLE}" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy" referrerpolicy="no-referrer-when-downgrade"></iframe>`,
      ),
    ).toBe(GOOGLE);
    expect(sanitizeMapEmbed(`<iframe width="425" height="350" src="${OSM}" style="border: 1px solid black"></iframe>`)).toBe(OSM);
    expect(sanitizeMapEmbed(`<IFRAME SRC='${GOOGLE}'></IFRAME>`)).toBe(GOOGLE);
    expect(sanitizeMapEmbed(`  <iframe src="${GOOGLE}" />  `)).toBe(GOOGLE);
    expect(sanitizeMapEmbed('<iframe src=https://www.openstreetmap.org/export/embed.html></iframe>')).toBe(
      'https://www.openstreetmap.org/export/embed.html',
    );
    expect(sanitizeMapEmbed(`<iframe src="https://maps.google.com/maps/embed?q=Zapopan&amp;z=15"></iframe>`)).toBe(
      'https://maps.google.com/maps/embed?q=Zapopan&z=15',
    );
    expect(sanitizeMapEmbed(GOOGLE)).toBe(GOOGLE);
  });

  it('gives null for nothing', () => {
    for (const empty of [null, undefined, '', '   ']) expect(sanitizeMapEmbed(empty)).toBeNull();
  });
});

describe('sanitizeMapEmbed: XSS corpus', () => {
  const corpus: [string, string][] = [
    ['a script', '<script>alert(1)</script>'],
    ['a script after the frame', `<iframe src="${GOOGLE}"></iframe><script>alert(1)</script>`],
    ['a script before the frame', `<script>alert(1)</script><iframe src="${GOOGLE}"></iframe>`],
    ['a script inside the frame', `<iframe src="${GOOGLE}"><script>alert(1)</script></iframe>`],
    ['an event handler', `<iframe src="${GOOGLE}" onload="alert(1)"></iframe>`],
    ['an event handler without quotes', `<iframe onload=alert(1) src="${GOOGLE}"></iframe>`],
    ['an img with onerror', '<img src=x onerror=alert(1)>'],
    ['an svg with onload', '<svg onload=alert(1)>'],
    ['javascript: URL', '<iframe src="javascript:alert(1)"></iframe>'],
    ['javascript: URL in entities', '<iframe src="&#106;avascript:alert(1)"></iframe>'],
    ['javascript: URL with a tab', '<iframe src="java\tscript:alert(1)"></iframe>'],
    ['data: URL', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
    ['a bare javascript: URL', 'javascript:alert(1)'],
    ['srcdoc', `<iframe srcdoc="<script>alert(1)</script>" src="${GOOGLE}"></iframe>`],
    ['srcdoc alone', '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>'],
    ['another host', '<iframe src="https://evil.example/maps/embed?pb=1"></iframe>'],
    ['a look-alike host', '<iframe src="https://www.google.com.evil.example/maps/embed"></iframe>'],
    ['a credentialled URL', '<iframe src="https://www.google.com@evil.example/maps/embed"></iframe>'],
    ['a user in the URL', '<iframe src="https://user:pw@www.google.com/maps/embed"></iframe>'],
    ['plain http', '<iframe src="http://www.google.com/maps/embed?pb=1"></iframe>'],
    ['a non-embed Google path', '<iframe src="https://www.google.com/search?q=x"></iframe>'],
    ['an OpenStreetMap page that is not the embed', '<iframe src="https://www.openstreetmap.org/login"></iframe>'],
    ['a protocol-relative URL', '<iframe src="//www.google.com/maps/embed?pb=1"></iframe>'],
    ['another port', '<iframe src="https://www.google.com:8443/maps/embed?pb=1"></iframe>'],
    ['two src attributes', `<iframe src="${GOOGLE}" src="https://evil.example/"></iframe>`],
    ['two frames', `<iframe src="${GOOGLE}"></iframe><iframe src="${OSM}"></iframe>`],
    ['a nested tag inside the frame', `<iframe src="${GOOGLE}"><iframe src="https://evil.example/"></iframe></iframe>`],
    ['an object', '<object data="https://www.google.com/maps/embed"></object>'],
    ['an embed', '<embed src="https://www.google.com/maps/embed">'],
    ['a broken attribute quote', `<iframe src="${GOOGLE}" title="x" y"></iframe>`],
    ['an attribute glued to the previous one', `<iframe src="${GOOGLE}"onload="alert(1)"></iframe>`],
    ['an unknown entity', '<iframe src="https://www.google.com/maps/embed?q=a&evil;b"></iframe>'],
    ['a closing tag first', `</iframe><iframe src="${GOOGLE}">`],
    ['a comment', `<!-- x --><iframe src="${GOOGLE}"></iframe>`],
    ['a backslash trick', '<iframe src="https://evil.example\\@www.google.com/maps/embed"></iframe>'],
    ['a raw < inside an attribute', `<iframe src="${GOOGLE}" title="<script>"></iframe>`],
    ['a vbscript URL', '<iframe src="vbscript:msgbox(1)"></iframe>'],
    ['a very long input', `<iframe src="${GOOGLE}" title="${'a'.repeat(5000)}"></iframe>`],
  ];
  for (const [name, html] of corpus) {
    it(`refuses ${name}`, () => expect(sanitizeMapEmbed(html)).toBeNull());
  }

  it('never answers anything but an https URL of an allowed host', () => {
    expect(allowedMapUrl('https://www.openstreetmap.org/export/embed.html?bbox=1')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\//,
    );
    expect(allowedMapUrl('https://openstreetmap.org.evil.example/export/embed.html')).toBeNull();
    // A quote cannot break out of an attribute the page writes: the URL is normalised (percent-encoded).
    expect(sanitizeMapEmbed(`<iframe src='https://www.google.com/maps/embed?q=&quot;&gt;&lt;script&gt;'></iframe>`)).toBe(
      'https://www.google.com/maps/embed?q=%22%3E%3Cscript%3E',
    );
  });
});

describe(`public condo answer carries the sanitized map (${dialect})`, () => {
  let t: TestApp;
  let palmas: number;
  beforeAll(async () => {
    t = await createTestApp();
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
  });

  const mapa = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/--pagina-publica/condo/${palmas}` })).json().data.Mapa as string | null;

  it('answers the demo map as its embed URL, not as HTML', async () => {
    expect(await mapa()).toBe(GOOGLE);
  });

  it('answers null for stored HTML that is not an allowed map', async () => {
    await t.app.db
      .updateTable('condominiums')
      .set({ mapa: `<iframe src="${GOOGLE}" onload="alert(1)"></iframe>` })
      .where('id', '=', palmas)
      .execute();
    expect(await mapa()).toBeNull();
    await t.app.db
      .updateTable('condominiums')
      .set({ mapa: `<iframe src="${OSM}"></iframe>` })
      .where('id', '=', palmas)
      .execute();
    expect(await mapa()).toBe(OSM);
  });
});
