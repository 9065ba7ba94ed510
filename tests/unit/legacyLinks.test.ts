// Links to the legacy application (spec §2.2): only with LEGACY_APP_URL, and only for the roles that use
// each screen (docs/decisions.md).
import { describe, expect, it } from 'vitest';
import { legacyLinks, legacyUrl } from '../../src/api/legacyLinks';
import { mainMenu, profileMenu } from '../../src/views/shell/menuModel';
import { sessionFor } from '../views/sessionFixtures';

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
    expect(keys(sessionFor('resident', { app: LEGACY }))).toEqual(['accountStatement', 'paymentReceipts', 'residentsDirectory']);
    expect(keys(sessionFor('admin', { app: LEGACY }))).toEqual([
      'accountStatement',
      'paymentReceipts',
      'accessLog',
      'parcelLog',
      'penalties',
      'residentsDirectory',
    ]);
    expect(keys(sessionFor('guard', { app: LEGACY }))).toEqual(['accessLog', 'parcelLog', 'residentsDirectory']);
    expect(keys(sessionFor('employee', { app: LEGACY }))).toEqual(['residentsDirectory']);
  });

  it('follows displaydirectory: R residents, E employees, M both', () => {
    const directories = (displaydirectory: 'R' | 'E' | 'M') =>
      keys(sessionFor('employee', { app: LEGACY, condo: { displaydirectory } })).filter((key) => key.endsWith('Directory'));
    expect(directories('R')).toEqual(['residentsDirectory']);
    expect(directories('E')).toEqual(['employeesDirectory']);
    expect(directories('M')).toEqual(['residentsDirectory', 'employeesDirectory']);
  });

  it('puts the screens in the main menu and the directories in the profile menu, as external links', () => {
    const data = sessionFor('admin', { app: LEGACY });
    const penalties = mainMenu(data).find((entry) => entry.key === 'legacy-penalties');
    expect(penalties).toMatchObject({ external: true, href: 'https://legacy.example.mx/app/automatic/penalties?id=1' });
    expect(profileMenu(data).map((entry) => entry.key)).toContain('legacy-residentsDirectory');
    expect(mainMenu(data).map((entry) => entry.key)).not.toContain('legacy-residentsDirectory');
  });
});
