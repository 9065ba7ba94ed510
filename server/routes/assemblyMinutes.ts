// The minutes of assemblies (src/api/assemblyMinutes.ts): the acta's PDF and the filing of the signed one, the book
// of minutes with its addenda and its hash check, and the door check-in. Who manages assemblies (administrators; the
// board where the settings allow it: the domain reads the setting, 403) generates and files actas, adds addenda and
// checks people in; the book is read by who the library's rule lets see the minutes' audience; the door code is
// every member's who sees assemblies. Another condominium's assembly or entry is as unknown as none (404).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import type { AssemblyState } from '../../src/api/assembliesLifecycle';
import {
  addendumFilePath,
  type CheckInAnswer,
  type CheckInCodeAnswer,
  CheckInRequest,
  MINUTES_PATHS,
  MinutesAddendumRequest,
  type MinutesBookAnswer,
  type MinutesCheckAnswer,
  type MinutesEntryAnswer,
  MinutesFileRequest,
} from '../../src/api/assemblyMinutes';
import { ErrorCodes } from '../../src/api/errors';
import { canSeeAssemblies, mayManageAssemblies } from '../../src/api/permissions';
import { IdParam } from '../../src/api/validation';
import { actaPdfBytes } from '../domain/assemblies/acta';
import { checkIn, checkInCode, dwellingsAnsweredBy } from '../domain/assemblies/checkIn';
import {
  addAddendum,
  addendumFile,
  type BookLinks,
  checkMinutes,
  fileActa,
  minutesBook,
  minutesEntry,
  requireBookReader,
} from '../domain/assemblies/minutes';
import { assemblyOf } from '../domain/assemblies/rows';
import { managesAssemblies, requireManager } from '../domain/assemblies/settings';
import { documentFileSigner } from '../domain/documents/files';
import { libraryReader } from '../domain/documents/viewer';
import type { Auth } from '../domain/shared/auth';
import { recipientLanguage } from '../domain/shared/recipientLanguages';
import { timeZoneOf } from '../domain/shared/zonedTime';
import { AppError } from '../errors';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../infra/files/fileLinks';
import { SIGNED_IN, signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

/** A 10 MB file as a base64 data URL, plus the fields. */
const MINUTES_BODY_LIMIT = 14_000_000;
const AssemblyParams = object({ assemblyId: IdParam });
const MinutesParams = object({ minutesId: IdParam });
const ADDENDUM_FILE: FileLinkKind = { secret: 'post-file-url', purpose: 'minutes-addendum-file', path: addendumFilePath };

export default async function assemblyMinutesRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const manage = { allow: mayManageAssemblies } as const;

  const links = async (auth: Auth): Promise<BookLinks> => ({
    timeZone: await timeZoneOf(app.db, auth.condoId),
    documentFile: await documentFileSigner(app.db, app.clock, app.prefix),
    addendumFile: await fileLinkSigner(app.db, app.clock, app.prefix, ADDENDUM_FILE),
  });

  routes.get<{ Params: { assemblyId: number } }>(
    MINUTES_PATHS.acta,
    { schema: { params: AssemblyParams }, ...manage },
    async (request, reply) => {
      await requireManager(app.db, request.auth);
      const row = await assemblyOf(app.db, request.auth.condoId, request.params.assemblyId);
      if (!(['open', 'closed'] as AssemblyState[]).includes(row.state as AssemblyState)) {
        throw new AppError(409, ErrorCodes.conflict, 'assemblyMinutes.refusal.notYet');
      }
      const file = await actaPdfBytes(app.db, row, await recipientLanguage(app.db, request.auth.userId));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  routes.post<{ Params: { assemblyId: number }; Body: MinutesFileRequest }>(
    MINUTES_PATHS.file,
    { schema: { params: AssemblyParams, body: MinutesFileRequest }, ...manage, bodyLimit: MINUTES_BODY_LIMIT },
    async (request): Promise<MinutesEntryAnswer> => {
      const { auth } = request;
      await requireManager(app.db, auth);
      const language = await recipientLanguage(app.db, auth.userId);
      const id = await fileActa(app.db, app.clock, auth, request.params.assemblyId, request.body.file, language);
      return { success: true, data: await minutesEntry(app.db, auth.condoId, await links(auth), id) };
    },
  );

  routes.get(MINUTES_PATHS.book, { allow: SIGNED_IN }, async (request): Promise<MinutesBookAnswer> => {
    const { auth } = request;
    await requireBookReader(app.db, auth.condoId, (await libraryReader(app.db, auth)).audiences);
    return {
      success: true,
      items: await minutesBook(app.db, auth.condoId, await links(auth)),
      manages: await managesAssemblies(app.db, auth),
    };
  });

  routes.get<{ Params: { minutesId: number } }>(
    MINUTES_PATHS.check,
    { schema: { params: MinutesParams }, allow: SIGNED_IN },
    async (request): Promise<MinutesCheckAnswer> => {
      const { auth } = request;
      await requireBookReader(app.db, auth.condoId, (await libraryReader(app.db, auth)).audiences);
      return { success: true, data: await checkMinutes(app.db, auth.condoId, request.params.minutesId) };
    },
  );

  routes.post<{ Params: { minutesId: number }; Body: MinutesAddendumRequest }>(
    MINUTES_PATHS.addendum,
    { schema: { params: MinutesParams, body: MinutesAddendumRequest }, ...manage, bodyLimit: MINUTES_BODY_LIMIT },
    async (request): Promise<MinutesEntryAnswer> => {
      const { auth } = request;
      await requireManager(app.db, auth);
      await addAddendum(app.db, app.clock, auth, request.params.minutesId, request.body);
      return { success: true, data: await minutesEntry(app.db, auth.condoId, await links(auth), request.params.minutesId) };
    },
  );

  routes.get<{ Params: { assemblyId: number } }>(
    MINUTES_PATHS.myCode,
    { schema: { params: AssemblyParams }, allow: canSeeAssemblies },
    async (request): Promise<CheckInCodeAnswer> => {
      const { auth } = request;
      const { assemblyId } = request.params;
      await assemblyOf(app.db, auth.condoId, assemblyId, await managesAssemblies(app.db, auth));
      const dwellings = await dwellingsAnsweredBy(app.db, auth.condoId, assemblyId, auth.userId);
      return {
        success: true,
        code: await checkInCode(app.db, app.clock, auth.condoId, assemblyId, auth.userId),
        dwellings: dwellings.map((d) => d.name),
      };
    },
  );

  routes.post<{ Params: { assemblyId: number }; Body: CheckInRequest }>(
    MINUTES_PATHS.checkIn,
    { schema: { params: AssemblyParams, body: CheckInRequest }, ...manage },
    async (request): Promise<CheckInAnswer> => {
      await requireManager(app.db, request.auth);
      const result = await checkIn(app.db, app.clock, request.auth, request.params.assemblyId, request.body.code);
      return { success: true, ...result };
    },
  );

  signedFileRoute(app, {
    path: MINUTES_PATHS.addendumFile,
    param: 'fileId',
    check: (link) => checkFileLink(app.db, app.clock, ADDENDUM_FILE, link),
    load: (id) => addendumFile(app.db, id),
  });
}
