import { enums, type Infer, literal, object, string } from 'superstruct';

export const HEALTH_PATH = '/health';

export const HealthAnswer = object({
  success: literal(true),
  version: string(),
  database: enums(['sqlite', 'postgres']),
  migration: string(),
});
export type HealthAnswer = Infer<typeof HealthAnswer>;
