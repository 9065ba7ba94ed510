// What a person gets on joining through an invitation: one table for the invitations and the demo data
// (server/domain/invitations/grants.ts). The gate's staff get 'Verificar pase' as a key that is off, for an
// administrator to switch on; several roles give the union, an active key winning over an inactive one and the higher level over the lower.
import { describe, expect, it } from 'vitest';
import { grantsFor, RESIDENT_GRANTS, ROLE_GRANTS } from '../../server/domain/invitations/grants';
import { PERMISSION } from '../../src/api/permissions';

const key = (grants: ReturnType<typeof grantsFor>, clave: string) => grants.permisos.find(([c]) => c === clave);

describe('invitation grants', () => {
  it('gives a resident the resident keys and nothing of the staff', () => {
    const grants = grantsFor(true, []);
    expect(grants.permisos).toEqual(RESIDENT_GRANTS.permisos);
    expect(key(grants, PERMISSION.passCheck)).toBeUndefined();
  });

  it('gives an invited guard or supervisor the pass check switched off', () => {
    expect(key(grantsFor(false, ['guard']), PERMISSION.passCheck)).toEqual([PERMISSION.passCheck, 'ver', 0]);
    expect(key(grantsFor(false, ['supervisor']), PERMISSION.passCheck)).toEqual([PERMISSION.passCheck, 'ver', 0]);
  });

  it('joins several roles: the active key at the higher level wins, the highest function level wins', () => {
    const grants = grantsFor(false, ['guard', 'employee']);
    expect(key(grants, PERMISSION.requests)).toEqual([PERMISSION.requests, 'ver', 1]);
    const adminAndBoard = grantsFor(true, ['board', 'admin']);
    expect(new Map(adminAndBoard.funciones).get('Bancos')).toBe(3);
    expect(key(adminAndBoard, PERMISSION.debts)).toEqual(['ADEUDOS', 'alto', 1]);
    expect(ROLE_GRANTS.admin.permisos[0]).toEqual(['ADEUDOS', 'alto', 1]);
  });
});
