// The pure parts of the minutes of assemblies (issue 32): the door code's shape read back (case and blanks do not
// matter; anything else is not a code), the book's one rule on the minutes' audience, and the settings a form may save.
import { describe, expect, it } from 'vitest';
import { mayReadMinutes, parseCheckInCode } from '../../src/api/assemblyMinutes';
import { documentAudiencesFor } from '../../src/api/permissions';
import { settingsValid } from '../../src/machines/assemblySettingsMachine';

describe('the minutes of assemblies', () => {
  it('reads a door code back, whatever its case and surrounding blanks', () => {
    expect(parseCheckInCode('A12-34-0123456789ab')).toEqual({ assemblyId: 12, userId: 34, signature: '0123456789ab' });
    expect(parseCheckInCode('  a12-34-0123456789AB \n')).toEqual({ assemblyId: 12, userId: 34, signature: '0123456789ab' });
    for (const text of [
      '',
      'hola',
      'A12-34-0123456789a',
      'A12-34-0123456789abc',
      'B12-34-0123456789ab',
      'A-34-0123456789ab',
      'A12-34-01234567890g',
    ]) {
      expect(parseCheckInCode(text), text).toBeNull();
    }
  });

  it('lets read the book whoever the library would show a document of the minutes’ audience', () => {
    const resident = documentAudiencesFor({ usuario: { UserIsAdmin: 'N', UserIsBoard: 'N' }, owner: true });
    const tenant = documentAudiencesFor({ usuario: { UserIsAdmin: 'N', UserIsBoard: 'N' }, owner: false });
    expect(mayReadMinutes(resident, 'owners')).toBe(true);
    expect(mayReadMinutes(tenant, 'owners')).toBe(false);
    expect(mayReadMinutes(tenant, 'everyone')).toBe(true);
    expect(mayReadMinutes(resident, 'board')).toBe(false);
  });

  it('saves settings only within the contract’s ranges', () => {
    const settings = {
      boardMayCall: false,
      ruleSet: 'cdmx' as const,
      legalText: '',
      proxyLimit: 3,
      arrearsDays: 0,
      tenantsVote: false,
      minutesAudience: 'owners' as const,
    };
    expect(settingsValid(settings)).toBe(true);
    expect(settingsValid({ ...settings, proxyLimit: 51 })).toBe(false);
    expect(settingsValid({ ...settings, proxyLimit: 2.5 })).toBe(false);
    expect(settingsValid({ ...settings, arrearsDays: -1 })).toBe(false);
    expect(settingsValid({ ...settings, arrearsDays: Number.NaN })).toBe(false);
    expect(settingsValid({ ...settings, legalText: 'x'.repeat(8001) })).toBe(false);
  });
});
