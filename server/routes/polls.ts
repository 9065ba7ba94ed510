// Surveys and votes (src/api/polls.ts). Thin: validated input, the domain call, the answer. Who may call each is
// written next to its path; the rules are src/api/permissions.ts's, the changes src/api/pollLifecycle.ts's,
// applied in server/domain/polls. Employees have no Comunicación: every call but the signed file link refuses
// them before reading the body (routes/guards.ts); a poll of another condominium is 404.
import type { FastifyInstance } from 'fastify';
import { canManagePolls, canSeeCommunication } from '../../src/api/permissions';
import {
  POLLS_PATHS,
  type PollAnswer,
  PollChangeRequest,
  PollDraft,
  type PollListAnswer,
  PollListQuery,
  PollParams,
  type PollSavedAnswer,
  type PollsHomeAnswer,
  PollUpdateRequest,
  type ReceiptAnswer,
  ReceiptQuery,
  type VoteAnswer,
  VoteRequest,
} from '../../src/api/polls';
import { checkPollAttachmentLink, pollAttachmentFile, pollAttachmentSigner } from '../domain/polls/attachments';
import { changePoll } from '../domain/polls/change';
import { createPoll } from '../domain/polls/create';
import { pollActaExport, pollCsvExport } from '../domain/polls/exports';
import { listPolls, pollsHome } from '../domain/polls/list';
import { pollReceipt, readPoll } from '../domain/polls/read';
import { updatePoll } from '../domain/polls/update';
import { castVote } from '../domain/polls/vote';
import type { AccessData } from '../domain/shared/sessionData';
import { appBaseUrl } from '../infra/links';
import { SCREEN_KEEP_SECONDS } from '../plugins/keptAnswers';
import { signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

/** Four attachments of 1.5 MB as base64 data URLs, plus the questions (as requests). */
const POLL_BODY_LIMIT = 8_500_000;

export default async function pollRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const signer = () => pollAttachmentSigner(app.db, app.clock, app.prefix);
  // Not employees; the EN section's readers are checked in the domain (permissions.canReadPolls).
  const communication = { allow: canSeeCommunication };
  const managers = { allow: (access: AccessData) => canManagePolls(access) };

  // Readers of an EN section (403 for anyone who reads none).
  routes.get(
    POLLS_PATHS.home,
    communication,
    async (request): Promise<PollsHomeAnswer> => pollsHome(app.db, app.clock, request.auth),
  );

  // Readers; proposals only to administrators and their proposer.
  routes.get<{ Querystring: PollListQuery }>(
    POLLS_PATHS.list,
    { schema: { querystring: PollListQuery }, ...communication, keep: SCREEN_KEEP_SECONDS },
    async (request): Promise<PollListAnswer> => listPolls(app.db, app.clock, request.auth, request.query),
  );

  // Readers of the poll's section (access.visiblePoll); 404 otherwise.
  routes.get<{ Params: { pollId: number } }>(
    POLLS_PATHS.poll(':pollId'),
    { schema: { params: PollParams }, ...communication },
    async (request): Promise<PollAnswer> => readPoll(app.db, app.clock, request.auth, request.params.pollId, await signer()),
  );

  // permissions.canCreatePoll (publishes) or canProposePoll (proposes) in the section.
  routes.post<{ Body: PollDraft }>(
    POLLS_PATHS.create,
    { schema: { body: PollDraft }, ...communication, bodyLimit: POLL_BODY_LIMIT },
    async (request): Promise<PollSavedAnswer> => createPoll(app.db, app.clock, request.auth, request.body),
  );

  // pollLifecycle.canEditPoll: administrators before opening, the proposer while proposed.
  routes.post<{ Body: PollUpdateRequest }>(
    POLLS_PATHS.update,
    { schema: { body: PollUpdateRequest }, ...communication, bodyLimit: POLL_BODY_LIMIT },
    async (request): Promise<PollAnswer> => updatePoll(app.db, app.clock, request.auth, request.body, await signer()),
  );

  // The lifecycle's table for the caller's roles (permissions.pollRolesOf); 409 otherwise.
  routes.post<{ Body: PollChangeRequest }>(
    POLLS_PATHS.change,
    { schema: { body: PollChangeRequest }, ...communication },
    async (request): Promise<PollAnswer> => changePoll(app.db, app.clock, request.auth, request.body, await signer()),
  );

  // A reader with a seat in the electorate (pollLifecycle.voteRefusal decides; 409 with the motivo otherwise).
  routes.post<{ Body: VoteRequest }>(
    POLLS_PATHS.vote,
    { schema: { body: VoteRequest }, ...communication },
    async (request): Promise<VoteAnswer> => {
      const { answer, receipt } = await castVote(app.db, app.clock, request.auth, request.body, await signer(), {
        baseUrl: appBaseUrl(app.config, request),
      });
      // After the commit, and never holding up the answer: a refused delivery waits in the outbox.
      if (receipt) {
        app.tasks.run('poll receipt mail', async () => {
          await app.mailer.send(receipt);
        });
      }
      return answer;
    },
  );

  // Readers of the poll: whether the ballot of a code is counted, never what it chose.
  routes.get<{ Querystring: ReceiptQuery }>(
    POLLS_PATHS.receipt,
    { schema: { querystring: ReceiptQuery }, ...communication },
    async (request): Promise<ReceiptAnswer> => pollReceipt(app.db, request.auth, request.query),
  );

  // Administrators (permissions.canManagePolls).
  routes.get<{ Params: { pollId: number } }>(
    POLLS_PATHS.csv(':pollId'),
    { schema: { params: PollParams }, ...managers },
    async (request, reply) => {
      const file = await pollCsvExport(app.db, app.clock, request.auth, request.params.pollId, await signer());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  routes.get<{ Params: { pollId: number } }>(
    POLLS_PATHS.acta(':pollId'),
    { schema: { params: PollParams }, ...managers },
    async (request, reply) => {
      const file = await pollActaExport(app.db, app.clock, request.auth, request.params.pollId, await signer());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  // Anyone holding an unexpired signed link (given only with a poll its holder may see): the bytes.
  signedFileRoute(app, {
    path: POLLS_PATHS.attachmentFile(':attachmentId'),
    param: 'attachmentId',
    check: (link) => checkPollAttachmentLink(app.db, app.clock, { attachmentId: link.id, exp: link.exp, sig: link.sig }),
    load: (id) => pollAttachmentFile(app.db, id),
  });
}
