// Payment receipts (src/api/receipts.ts): a payment's receipt and its PDF for those who read its dwelling's
// statement, and the public verification its QR opens. Who may call each is written next to its path; the rules
// are src/api/permissions.ts, and the dwelling is checked in server/domain/receipts/receipts.ts.
import type { FastifyInstance } from 'fastify';
import { canSeeAccountStatement, canSeeAllStatements } from '../../src/api/permissions';
import {
  RECEIPT_PATHS,
  type ReceiptAnswer,
  ReceiptParams,
  ReceiptTokenParams,
  type ReceiptVerificationAnswer,
} from '../../src/api/receipts';
import { receiptFileName, receiptPdf } from '../domain/receipts/receiptPdf';
import { receiptFor, receiptNotFound, verifyReceipt } from '../domain/receipts/receipts';
import type { AccessData } from '../domain/shared/sessionData';
import { appBaseUrl } from '../infra/links';
import { signedInRoutes } from './guards';

export default async function receiptRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  // Statement readers; the domain then answers 404 for a payment of another dwelling (a resident's) or condominium.
  const statementReaders = { allow: (access: AccessData) => canSeeAllStatements(access) || canSeeAccountStatement(access) };

  // Administrators and board: any payment of the condominium; members with 'Estado de cuenta': their dwellings'.
  routes.get<{ Params: ReceiptParams }>(
    RECEIPT_PATHS.receipt,
    { schema: { params: ReceiptParams }, ...statementReaders },
    async (request): Promise<ReceiptAnswer> => ({
      success: true,
      data: await receiptFor(app.db, request.auth, request.params.paymentId, appBaseUrl(app.config, request)),
    }),
  );

  // The same, as a PDF in the reader's language.
  routes.get<{ Params: ReceiptParams }>(
    RECEIPT_PATHS.pdf,
    { schema: { params: ReceiptParams }, ...statementReaders },
    async (request, reply) => {
      const receipt = await receiptFor(app.db, request.auth, request.params.paymentId, appBaseUrl(app.config, request));
      const pdf = await receiptPdf(receipt, request.language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receiptFileName(receipt)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  // Public, no session: the token is the permission. Counted per address before the look-up, found or not; an
  // unknown token is the same 404 as a payment one may not see.
  app.get<{ Params: ReceiptTokenParams }>(
    RECEIPT_PATHS.verify,
    { schema: { params: ReceiptTokenParams } },
    async (request, reply): Promise<ReceiptVerificationAnswer> => {
      await app.rateLimiter.consume([{ limit: 'receiptVerifyPerIp', key: request.ip }]);
      const receipt = await verifyReceipt(app.db, request.params.token);
      if (!receipt) throw receiptNotFound();
      reply.header('cache-control', 'no-store');
      return { success: true, data: receipt };
    },
  );
}
