// Assemblies (src/api/assemblies.ts, issue 32). Administrators, the board and residents with a dwelling see them
// (canSeeAssemblies); administrators manage them, the board where the condominium's settings allow it (the domain
// reads the setting: 403). Sending the call is the one place three areas meet: the lifecycle moves the assembly to
// 'called' (assemblies), the important notice is posted through the posts' own way in (posts/create.ts, so its read
// receipts and readers' notices are theirs) and the 'asamblea' event written through the calendar's
// (calendar/events.ts, so it shows in the calendar and its ICS feed), then the assembly links both and the owners'
// mail is queued. A condominium without a notices or a calendar section, or a board member who may not post there,
// sends the call without that part. Another condominium's assembly is as unknown as none (404).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import {
  ASSEMBLY_PATHS,
  type AssembliesAnswer,
  type AssemblyAnswer,
  AssemblyChangeRequest,
  AssemblyDraft,
  AssemblySettings,
  type AssemblySettingsAnswer,
  AttendanceRequest,
  ConfirmRequest,
} from '../../src/api/assemblies';
import { canSeeAssemblies, canSetUpAssemblies, mayManageAssemblies } from '../../src/api/permissions';
import { IdParam } from '../../src/api/validation';
import { calendarSectionOf, callWording, linkCall, noticeSectionOf } from '../domain/assemblies/call';
import { changeAssembly, confirmAttendance, recordAttendance } from '../domain/assemblies/change';
import { createAssembly } from '../domain/assemblies/create';
import { listAssemblies } from '../domain/assemblies/list';
import { callPdf } from '../domain/assemblies/pdf';
import { assemblyAnswer } from '../domain/assemblies/rows';
import { managesAssemblies, readSettings, requireManager, saveSettings } from '../domain/assemblies/settings';
import { createCalendarEvent, publisherOf } from '../domain/calendar/events';
import { createPost } from '../domain/posts/create';
import type { Auth } from '../domain/shared/auth';
import { recipientLanguage } from '../domain/shared/recipientLanguages';
import { timeZoneOf } from '../domain/shared/zonedTime';
import { appBaseUrl } from '../infra/links';
import { signedInRoutes } from './guards';

const AssemblyParams = object({ assemblyId: IdParam });

export default async function assemblyRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const see = { allow: canSeeAssemblies } as const;
  const manage = { allow: mayManageAssemblies } as const;
  const viewing = async (auth: Auth) => ({ auth, manages: await managesAssemblies(app.db, auth) });

  /** The call's notice and calendar event, each skipped (and logged) when it cannot be written. */
  async function sendCall(auth: Auth, id: number, baseUrl: string | null) {
    const wording = await callWording(app.db, auth, id, await recipientLanguage(app.db, auth.userId));
    let postId: number | null = null;
    let calendarEventId: number | null = null;
    const noticeSection = await noticeSectionOf(app.db, auth.condoId);
    if (noticeSection !== null) {
      try {
        const request = {
          sectionId: noticeSection,
          Titulo: wording.title,
          Texto: wording.text,
          Privado: false,
          adjuntos: [],
          Importante: true,
        };
        postId = (await createPost(app.db, app.clock, auth, request)).PostId;
      } catch (error) {
        app.log.warn({ err: error, assemblyId: id }, 'assembly call: notice not posted');
      }
    }
    const calendarSection = await calendarSectionOf(app.db, auth.condoId);
    if (calendarSection !== null && wording.startsAt) {
      try {
        const publisher = await publisherOf(app.db, auth, baseUrl);
        const draft = {
          sectionId: calendarSection,
          tipo: 'asamblea' as const,
          Titulo: wording.title.slice(0, 120),
          Descripcion: wording.text.slice(0, 2000),
          Lugar: wording.place.slice(0, 120),
          inicio: wording.startsAt,
          fin: wording.endsAt,
          invitados: null,
        };
        calendarEventId = (await createCalendarEvent(app.db, app.clock, publisher, draft)).evento.EventId;
      } catch (error) {
        app.log.warn({ err: error, assemblyId: id }, 'assembly call: calendar event not written');
      }
    }
    await linkCall(app.db, app.clock, auth, id, { postId, calendarEventId, baseUrl });
  }

  routes.get(ASSEMBLY_PATHS.list, { ...see }, async (request): Promise<AssembliesAnswer> => {
    const manages = await managesAssemblies(app.db, request.auth);
    return { success: true, items: await listAssemblies(app.db, request.auth, manages), manages };
  });

  routes.post<{ Body: AssemblyDraft }>(
    ASSEMBLY_PATHS.create,
    { schema: { body: AssemblyDraft }, ...manage },
    async (request): Promise<AssemblyAnswer> => {
      await requireManager(app.db, request.auth);
      return { success: true, data: await createAssembly(app.db, app.clock, request.auth, request.body) };
    },
  );

  routes.get(ASSEMBLY_PATHS.settings, { ...manage }, async (request): Promise<AssemblySettingsAnswer> => {
    await requireManager(app.db, request.auth);
    return { success: true, data: await readSettings(app.db, request.auth.condoId) };
  });

  routes.post<{ Body: AssemblySettings }>(
    ASSEMBLY_PATHS.saveSettings,
    { schema: { body: AssemblySettings }, allow: canSetUpAssemblies },
    async (request): Promise<AssemblySettingsAnswer> => ({
      success: true,
      data: await saveSettings(app.db, app.clock, request.auth, request.body),
    }),
  );

  routes.get<{ Params: { assemblyId: number } }>(
    ASSEMBLY_PATHS.detail,
    { schema: { params: AssemblyParams }, ...see },
    async (request): Promise<AssemblyAnswer> => {
      const timeZone = await timeZoneOf(app.db, request.auth.condoId);
      return {
        success: true,
        data: await assemblyAnswer(app.db, await viewing(request.auth), request.params.assemblyId, timeZone),
      };
    },
  );

  routes.post<{ Params: { assemblyId: number }; Body: AssemblyChangeRequest }>(
    ASSEMBLY_PATHS.change,
    { schema: { params: AssemblyParams, body: AssemblyChangeRequest }, ...manage },
    async (request): Promise<AssemblyAnswer> => {
      await requireManager(app.db, request.auth);
      const { assemblyId } = request.params;
      const changed = await changeAssembly(app.db, app.clock, request.auth, assemblyId, request.body);
      if (request.body.action !== 'call') return { success: true, data: changed };
      await sendCall(request.auth, assemblyId, appBaseUrl(app.config, request));
      const timeZone = await timeZoneOf(app.db, request.auth.condoId);
      return { success: true, data: await assemblyAnswer(app.db, { auth: request.auth, manages: true }, assemblyId, timeZone) };
    },
  );

  routes.post<{ Params: { assemblyId: number }; Body: ConfirmRequest }>(
    ASSEMBLY_PATHS.confirm,
    { schema: { params: AssemblyParams, body: ConfirmRequest }, ...see },
    async (request): Promise<AssemblyAnswer> => ({
      success: true,
      data: await confirmAttendance(
        app.db,
        app.clock,
        await viewing(request.auth),
        request.params.assemblyId,
        request.body.answer,
      ),
    }),
  );

  routes.post<{ Params: { assemblyId: number }; Body: AttendanceRequest }>(
    ASSEMBLY_PATHS.attendance,
    { schema: { params: AssemblyParams, body: AttendanceRequest }, ...manage },
    async (request): Promise<AssemblyAnswer> => {
      await requireManager(app.db, request.auth);
      return {
        success: true,
        data: await recordAttendance(app.db, app.clock, request.auth, request.params.assemblyId, request.body),
      };
    },
  );

  routes.get<{ Params: { assemblyId: number } }>(
    ASSEMBLY_PATHS.pdf,
    { schema: { params: AssemblyParams }, ...see },
    async (request, reply) => {
      const file = await callPdf(app.db, request.auth, request.params.assemblyId, await managesAssemblies(app.db, request.auth));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
