// buildApp(config) → a ready Fastify instance on a migrated database. main.ts listens with it; tests use
// it through inject. Plugins are registered in a fixed order: infrastructure, then auth, then routes.
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ErrorCodes } from '../src/api/errors';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed/demo';
import type { PacAdapter } from './domain/invoicing/pac/adapter';
import { AppError } from './errors';
import { type Clock, systemClock } from './infra/clock';
import { DEFAULT_RATE_LIMITS, type RateLimitPolicy, type RateLimitStore, scaledPolicy } from './infra/rateLimit';
import { lazyChildLogger } from './infra/requestLogger';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import keptAnswersPlugin from './plugins/keptAnswers';
import languagePlugin from './plugins/language';
import mailPlugin from './plugins/mail';
import pushPlugin from './plugins/push';
import rateLimitPlugin from './plugins/rateLimit';
import scheduledJobsPlugin from './plugins/scheduledJobs';
import securityHeadersPlugin from './plugins/securityHeaders';
import spaPlugin from './plugins/spa';
import tasksPlugin from './plugins/tasks';
import validationPlugin, { frameworkErrors } from './plugins/validation';
import accountRoutes from './routes/account';
import assemblyRoutes from './routes/assemblies';
import assemblyMinutesRoutes from './routes/assemblyMinutes';
import assemblyVoteRoutes from './routes/assemblyVotes';
import blogRoutes from './routes/blogs';
import calendarRoutes from './routes/calendar';
import cfdiRoutes, { pacPlugin } from './routes/cfdis';
import checkoutRoutes from './routes/checkout';
import communicationHomeRoutes from './routes/communicationHome';
import condoSettingsRoutes from './routes/condoSettings';
import conversationRoutes from './routes/conversations';
import directoryRoutes from './routes/directory';
import documentRoutes from './routes/documents';
import dwellingRoutes from './routes/dwellings';
import financeRoutes from './routes/finance';
import gateRoutes from './routes/gate';
import gateDeviceRoutes from './routes/gateDevices';
import gateWalkInRoutes from './routes/gateWalkIns';
import globalSearchRoutes from './routes/globalSearch';
import guestRoutes from './routes/guests';
import healthRoutes from './routes/health';
import historyRoutes from './routes/history';
import incidentRoutes from './routes/incidents';
import invitationRoutes from './routes/invitations';
import invoicingRoutes from './routes/invoicing';
import lateFeeRoutes from './routes/lateFees';
import liveRoutes, { livePlugin } from './routes/live';
import managementRoutes from './routes/management';
import memberPermissionRoutes from './routes/memberPermissions';
import myGuestsRoutes from './routes/myGuests';
import notificationRoutes from './routes/notifications';
import parcelRoutes from './routes/parcels';
import passCheckRoutes from './routes/passCheck';
import passRoutes from './routes/passes';
import paymentRoutes from './routes/payments';
import pollRoutes from './routes/polls';
import postRoutes from './routes/posts';
import pricingRoutes from './routes/pricing';
import profileRoutes from './routes/profile';
import proofRoutes from './routes/proofs';
import providerContactRoutes from './routes/providerContact';
import publicPageRoutes from './routes/publicPage';
import pushRoutes from './routes/push';
import receiptRoutes from './routes/receipts';
import reconciliationRoutes from './routes/reconciliation';
import recurringChargeRoutes from './routes/recurringCharges';
import reminderRoutes from './routes/reminders';
import reservationRoutes from './routes/reservations';
import roundRoutes from './routes/rounds';
import sessionRoutes from './routes/sessions';
import supportRoutes from './routes/support';
import ticketRoutes from './routes/tickets';
import timelineRoutes from './routes/timeline';
import './types';

export const API_PREFIX = '/api';

export interface BuildOptions {
  clock?: Clock;
  /** An already open database (tests share one across apps); otherwise the config's is opened. */
  database?: DatabaseHandle;
  /** Where the log lines go instead of stdout (tests read them to prove no secret is logged). */
  logStream?: { write(line: string): void };
  /** The rate limits (default DEFAULT_RATE_LIMITS, times RATE_LIMIT_FACTOR); tests lower or raise them. */
  rateLimits?: RateLimitPolicy;
  /** Where rate-limit counters live; by default Redis when REDIS_URL is set, else this process's memory. */
  rateLimitStore?: RateLimitStore;
  /** The PAC that stamps and cancels CFDI (tests: a sandbox they can tell to fail); else the configuration's. */
  pac?: PacAdapter;
}

/**
 * Never logged: tokens, passwords and captcha solutions. Fastify's own request lines carry none of them;
 * these paths cover a line that logs headers or a body, on its own or under req/request (pino has no
 * deep wildcard, so each depth is named).
 */
const SECRET_HEADERS = ['["app-token"]', '["support-token"]', '.authorization', '.cookie'];
const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'token', 'productToken', 'antkn', 'cf_capcha'];
const REDACT = [
  ...SECRET_HEADERS.flatMap((header) => [`headers${header}`, `*.headers${header}`]),
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.body.${field}`]),
];

/** Signed links (the profile photo's ?sig=) are bearer credentials while they last: never in a log line. So
 * is a calendar feed's secret, which is its path (/--calendario/ics/<secret>.ics). */
export function withoutSignature(url: string): string {
  return url.replace(/([?&]sig=)[^&#]*/g, '$1[Redacted]').replace(/(\/--calendario\/ics\/)[^/?#]*/g, '$1[Redacted]');
}

function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutSignature(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const database = options.database ?? openDatabase(config);
  let migration: string;
  try {
    migration = await migrateToLatest(database.db);
    if (config.seed === 'auto') await seedIfEmpty(database.db, { clock, scryptLogN: config.scryptLogN });
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: REDACT,
      serializers: { req: requestForLog },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify answers requests already in flight before close() resolves; new ones get 503 from the hook
    // below, worded in the reader's language (Fastify's own 503 is a fixed English body).
    return503OnClosing: false,
    // Addresses the router itself refuses answer in the one error shape too.
    frameworkErrors,
    childLoggerFactory: lazyChildLogger,
  });
  app.decorate('db', database.db);
  database.logTo(app.log);
  app.decorate('dialect', database.dialect);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('dataState', database.dataState);
  if (!options.database) app.addHook('onClose', () => database.close());
  // While closing, each answer ends its connection: a keep-alive socket (any browser or load balancer)
  // left idle after the last answer would otherwise hold close() open until keepAliveTimeout (72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks, not async ones: they run on every request and wait for nothing (a promise each is not free).
  app.addHook('onRequest', (_request, _reply, done) => {
    done(closing ? new AppError(503, ErrorCodes.unavailable, 'errors.unavailable') : undefined);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { apiPrefix: API_PREFIX });
  await app.register(validationPlugin);
  const policy = {
    scryptLogN: config.scryptLogN,
    sessionIdleMinutes: config.sessionIdleMinutes,
    rememberMeDays: config.rememberMeDays,
    sessionMaxHours: config.sessionMaxHours,
    rememberMeMaxDays: config.rememberMeMaxDays,
  };
  await app.register(authPlugin, { policy, clock, apiPrefix: API_PREFIX });
  await app.register(keptAnswersPlugin);
  const rateLimits = options.rateLimits ?? scaledPolicy(DEFAULT_RATE_LIMITS, config.rateLimitFactor);
  await app.register(rateLimitPlugin, {
    policy: rateLimits,
    clock,
    ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
  });
  // Mail before tasks: closing runs hooks last-registered first, so running tasks finish before mail closes.
  await app.register(mailPlugin);
  await app.register(tasksPlugin);
  // Before the job runner: the mode A job stamps through app.pac.
  await app.register(pacPlugin, { pac: options.pac });
  // After tasks and mail: closing stops the job runner first, so its job in flight settles before they close.
  await app.register(scheduledJobsPlugin);
  await app.register(pushPlugin);
  // The live channel's hub and bus (after rate limits: on PostgreSQL with REDIS_URL it publishes through app.redis).
  await app.register(livePlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { migration });
      await api.register(sessionRoutes, { policy });
      await api.register(publicPageRoutes);
      await api.register(accountRoutes, { policy });
      await api.register(profileRoutes, { scryptLogN: config.scryptLogN });
      await api.register(timelineRoutes);
      await api.register(guestRoutes);
      await api.register(myGuestsRoutes);
      await api.register(passRoutes);
      await api.register(pricingRoutes);
      await api.register(financeRoutes);
      await api.register(paymentRoutes);
      await api.register(receiptRoutes);
      await api.register(lateFeeRoutes);
      await api.register(reminderRoutes);
      await api.register(checkoutRoutes);
      await api.register(reconciliationRoutes);
      await api.register(proofRoutes);
      await api.register(postRoutes);
      await api.register(ticketRoutes);
      await api.register(conversationRoutes);
      await api.register(pollRoutes);
      await api.register(reservationRoutes);
      await api.register(calendarRoutes);
      await api.register(memberPermissionRoutes);
      await api.register(dwellingRoutes);
      await api.register(communicationHomeRoutes);
      await api.register(notificationRoutes);
      await api.register(pushRoutes);
      await api.register(blogRoutes);
      await api.register(recurringChargeRoutes);
      await api.register(providerContactRoutes);
      await api.register(passCheckRoutes);
      await api.register(gateDeviceRoutes, { scryptLogN: config.scryptLogN });
      await api.register(parcelRoutes);
      await api.register(roundRoutes);
      await api.register(incidentRoutes);
      await api.register(assemblyRoutes);
      await api.register(assemblyVoteRoutes);
      await api.register(assemblyMinutesRoutes);
      await api.register(documentRoutes);
      await api.register(gateRoutes);
      await api.register(gateWalkInRoutes);
      await api.register(condoSettingsRoutes);
      await api.register(directoryRoutes);
      await api.register(managementRoutes);
      await api.register(historyRoutes);
      await api.register(globalSearchRoutes);
      await api.register(cfdiRoutes);
      await api.register(invitationRoutes, { policy });
      await api.register(invoicingRoutes);
      await api.register(supportRoutes);
      await api.register(liveRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(spaPlugin, { root: config.staticDir, apiPrefix: API_PREFIX });
  return app;
}
