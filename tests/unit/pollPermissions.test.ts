// Who reads, creates, proposes and manages polls (src/api/permissions.ts, issue 14): the server checks these
// on every call of src/api/polls.ts and the screens offer only what they allow.
import { describe, expect, it } from 'vitest';
import {
  type CommunicationViewer,
  canCreatePoll,
  canManagePolls,
  canProposePoll,
  canReadPolls,
  pollRolesOf,
  type SectionFacts,
} from '../../src/api/permissions';

const SURVEYS: CommunicationViewer['usuarioPermisos'] = [{ Clave: 'COM-ENC', Tipo: 'ver', Activa: 1 }];

function viewer(flags: Partial<CommunicationViewer['usuario']> = {}, permissions = SURVEYS): CommunicationViewer {
  return {
    usuario: { UserId: 7, UserIsAdmin: 'N', UserIsBoard: 'N', UserIsEmployed: 'N', UserIsGuard: 'N', ...flags },
    usuarioPermisos: permissions,
    towerIds: [],
  };
}

const en = (over: Partial<SectionFacts> = {}): SectionFacts => ({
  SectCode: 'EN',
  SectStatus: 'A',
  SectPosting: 'A',
  CommentsDisplay: 'N',
  VistaxTorre: 0,
  SolPrivada: 0,
  PublicoPrivado: 0,
  ExclusivaUsuarios: 'N',
  assigned: false,
  ...over,
});

describe('poll permissions', () => {
  it('reads polls only in EN sections, with COM-ENC ver active (spec §6), never as an employee', () => {
    expect(canReadPolls(viewer(), en())).toBe(true);
    expect(canReadPolls(viewer(), en({ SectCode: 'SA' }))).toBe(false);
    expect(canReadPolls(viewer({}, []), en())).toBe(false);
    expect(canReadPolls(viewer({}, [{ Clave: 'COM-ENC', Tipo: 'ver', Activa: 0 }]), en())).toBe(false);
    expect(canReadPolls(viewer({ UserIsEmployed: 'Y' }), en())).toBe(false);
    expect(canReadPolls(viewer(), en({ ExclusivaUsuarios: 'Y' }))).toBe(false);
    expect(canReadPolls(viewer(), en({ ExclusivaUsuarios: 'Y', assigned: true }))).toBe(true);
  });
  it('lets administrators create in an active EN section, and others propose only where posting is open (A)', () => {
    const admin = viewer({ UserIsAdmin: 'Y' }, []);
    expect(canCreatePoll(admin, en())).toBe(true);
    expect(canCreatePoll(admin, en({ SectStatus: 'I' }))).toBe(false);
    expect(canCreatePoll(viewer(), en())).toBe(false);
    expect(canProposePoll(viewer(), en())).toBe(true);
    expect(canProposePoll(viewer({ UserIsBoard: 'Y' }), en())).toBe(true);
    expect(canProposePoll(viewer(), en({ SectPosting: 'R' }))).toBe(false);
    expect(canProposePoll(viewer(), en({ SectStatus: 'I' }))).toBe(false);
    expect(canProposePoll(admin, en())).toBe(false);
  });
  it('gives the roles of the lifecycle table: admin, and proposer of their own proposal', () => {
    expect(canManagePolls(viewer({ UserIsAdmin: 'Y' }))).toBe(true);
    expect(canManagePolls(viewer({ UserIsBoard: 'Y' }))).toBe(false);
    expect(pollRolesOf(viewer(), { proposerId: 7 })).toEqual(['proposer']);
    expect(pollRolesOf(viewer(), { proposerId: 8 })).toEqual([]);
    expect(pollRolesOf(viewer({ UserIsAdmin: 'Y' }), { proposerId: null })).toEqual(['admin']);
  });
});
