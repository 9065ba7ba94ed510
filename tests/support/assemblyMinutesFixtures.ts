// Browser-side fixtures for the minutes of assemblies (issue 32): the settings, a book with one entry, its checks, a
// door's answer, and the refusals the machines meet. Used by the machines' models and the views' tests.
import type { AssemblySettings } from '../../src/api/assemblies';
import type { CheckInAnswer, MinutesBookAnswer, MinutesEntry } from '../../src/api/assemblyMinutes';
import { ApiError } from '../../src/services/http';
import { OPEN } from './assembliesFixtures';

export { NO_CONNECTION } from './assembliesFixtures';

export const SETTINGS: AssemblySettings = {
  boardMayCall: false,
  ruleSet: 'cdmx',
  legalText: 'Conforme a la ley.',
  proxyLimit: 3,
  arrearsDays: 0,
  tenantsVote: false,
  minutesAudience: 'owners',
};

export const ENTRY: MinutesEntry = {
  id: 4,
  number: 1,
  assemblyId: 7,
  assemblyTitle: 'Asamblea ordinaria anual',
  assemblyDate: '2026-10-01T19:00',
  sha256: 'a'.repeat(64),
  fileUrl: '/api/--documentos/archivo/9?exp=1&sig=0',
  fileName: 'acta-firmada.pdf',
  filedAt: '2026-10-02T19:00:00.000Z',
  filedBy: 'Administración Demo',
  addenda: [],
};

export const WITH_ADDENDUM: MinutesEntry = {
  ...ENTRY,
  addenda: [
    {
      position: 1,
      text: 'Se corrige el nombre del secretario.',
      fileUrl: null,
      sha256: 'b'.repeat(64),
      createdAt: '2026-10-03T10:00:00.000Z',
      createdBy: 'Administración Demo',
    },
  ],
};

export const BOOK: MinutesBookAnswer = { success: true, items: [ENTRY], manages: true };
export const READER_BOOK: MinutesBookAnswer = { success: true, items: [ENTRY], manages: false };

export const INTACT = { intact: true, addenda: [] };
export const ALTERED = { intact: false, addenda: [] };

export const NOT_ALLOWED = new ApiError(403, 'FORBIDDEN', 'No tienes permiso.');
export const OTHER_ASSEMBLY = new ApiError(400, 'BAD_REQUEST', 'El código es de otra asamblea.');

export const CHECKED_IN: CheckInAnswer = {
  success: true,
  name: 'Rosa Martínez',
  dwellings: ['Torre A - 101'],
  already: [],
  data: OPEN,
};

export const CODE = 'A7-12-0123456789ab';
