import { is } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/index';
import { HealthAnswer, HealthReadyAnswer } from '../../src/api/health';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

// Liveness (/api/health, no query) and readiness (/api/health/ready, one query). Readiness while the
// database or Redis is away: outagePostgres.test.ts and redisRateLimit.test.ts.
describe(`GET /api/health and /api/health/ready (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('answers the version, the dialect and the migration level', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(is(body, HealthAnswer)).toBe(true);
    expect(body.database).toBe(dialect);
    expect(body.migration).toBe(Object.keys(migrations).at(-1));
  });

  it('answers readiness after asking the database: ready, no Redis configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(is(body, HealthReadyAnswer)).toBe(true);
    expect(body).toEqual({ success: true, database: dialect, redis: 'off' });
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
