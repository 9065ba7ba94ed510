// The CSD password at rest: sealed under the server's 'csd-vault' secret, never in clear, opened only with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from '../../server/domain/shared/vault';
import { systemClock } from '../../server/infra/clock';
import { openTestDatabase, type TestDatabase } from '../support/testDatabase';

let database: TestDatabase;
let other: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  other = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await other.close();
});

describe('the CSD password vault', () => {
  it('opens what it sealed, and the sealed text does not hold the password', async () => {
    const password = 'Contraseña del CSD 12345678a';
    const sealed = await sealSecret(database.handle.db, systemClock, 'csd-vault', password);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('12345678a');
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString('utf8')).not.toContain('12345678a');
    expect(await openSecret(database.handle.db, systemClock, 'csd-vault', sealed)).toBe(password);
  });

  it('seals the same password differently each time (a fresh IV)', async () => {
    const first = await sealSecret(database.handle.db, systemClock, 'csd-vault', '12345678a');
    const second = await sealSecret(database.handle.db, systemClock, 'csd-vault', '12345678a');
    expect(first).not.toBe(second);
  });

  it('keeps its key in app_secrets as csd-vault', async () => {
    await sealSecret(database.handle.db, systemClock, 'csd-vault', 'x');
    const row = await database.handle.db
      .selectFrom('app_secrets')
      .select('name')
      .where('name', '=', 'csd-vault')
      .executeTakeFirst();
    expect(row?.name).toBe('csd-vault');
  });

  it('refuses an altered sealed text, one sealed under another server’s key, and junk', async () => {
    const sealed = await sealSecret(database.handle.db, systemClock, 'csd-vault', '12345678a');
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[3] ?? '', 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    const altered = [parts[0], parts[1], parts[2], ciphertext.toString('base64url')].join('.');
    await expect(openSecret(database.handle.db, systemClock, 'csd-vault', altered)).rejects.toThrow();
    await expect(openSecret(other.handle.db, systemClock, 'csd-vault', sealed)).rejects.toThrow();
    await expect(openSecret(database.handle.db, systemClock, 'csd-vault', '12345678a')).rejects.toThrow(/not a sealed secret/);
  });
});
