// Links to the legacy application (spec §2.2): only with LEGACY_APP_URL, and only for the roles that use
// each screen (docs/decisions.md).
import { describe, expect, it } from 'vitest';
import { legacyLinks, legacyUrl } from '../../src/api/legacyLinks';
import { mainMenu, profileMenu } from '../../src/views/common/menuModel';
import { AVAILABLE_SCREENS, SCREENS } from '../../src/views/common/screens';
import { sessionFor } from '../support/sessionFixtures';

const LEGACY = { legacyAppUrl: 'https://legacy.example.mx/app' };
const keys = (data: Parameters<typeof legacyLinks>[0]) => legacyLinks(data).map((link) => link.key);

describe('legacyUrl', () => {
  it('joins the path under the base, keeping the base path, with the query', () => {
    expect(legacyUrl('https://legacy.example.mx/app', 'automatic/penalties', { id: '1' })).toBe(
      'https://legacy.example.mx/app/automatic/penalties?id=1',
    );
    expect(legacyUrl('https://legacy.example.mx/app/', 'estado-cta')).toBe('https://legacy.example.mx/app/estado-cta');
  });
});

describe('legacyLinks', () => {
  it('offers nothing without LEGACY_APP_URL', () => {
    expect(keys(sessionFor('admin'))).toEqual([]);
    expect(mainMenu(sessionFor('admin')).some((entry) => entry.external)).toBe(false);
  });

  it('offers each role its screens', () => {
    expect(keys(sessionFor('resident', { app: LEGACY }))).toEqual(['accountStatement', 'paymentReceipts']);
    expect(keys(sessionFor('admin', { app: LEGACY }))).toEqual([
      'accountStatement',
      'paymentReceipts',
      'accessLog',
      'parcelLog',
      'penalties',
    ]);
    expect(keys(sessionFor('guard', { app: LEGACY }))).toEqual(['accessLog', 'parcelLog']);
    expect(keys(sessionFor('employee', { app: LEGACY }))).toEqual([]);
  });

  it('no longer offers the directories, which are ours since issue 16 (the profile menu links to them)', () => {
    for (const displaydirectory of ['R', 'E', 'M'] as const) {
      const data = sessionFor('admin', { app: LEGACY, condo: { displaydirectory } });
      expect(keys(data).filter((key) => key.endsWith('Directory'))).toEqual([]);
      expect(profileMenu(data).filter((entry) => entry.external)).toEqual([]);
    }
  });

  it('puts a screen of the legacy app in the main menu as an external link while ours is not built', () => {
    const data = sessionFor('admin', { app: LEGACY });
    const withoutProofs = new Set([...AVAILABLE_SCREENS].filter((screen) => screen !== SCREENS.proofs));
    const receipts = mainMenu(data, withoutProofs).find((entry) => entry.key === 'legacy-paymentReceipts');
    expect(receipts).toMatchObject({ external: true, href: 'https://legacy.example.mx/app/comprobantes-de-pago' });
  });

  it('leaves every legacy screen out of the menu now that each is ours (comprobantes-de-pago since issue 27)', () => {
    const data = sessionFor('admin', { app: LEGACY });
    expect(mainMenu(data).filter((entry) => entry.key.startsWith('legacy-'))).toEqual([]);
  });

  it('leaves penalties out of the menu, now that recargos is ours (issue 27: the legacy link lands there)', () => {
    const data = sessionFor('admin', { app: LEGACY });
    expect(keys(data)).toContain('penalties');
    expect(mainMenu(data).some((entry) => entry.key === 'legacy-penalties')).toBe(false);
  });
});
