// Who may use e-invoicing: permissions.canInvoice on the caller's session (administrators and holders of the
// active FAC permission), decided in the route's onRequest hook before the body is read: 401 without a
// session, 403 otherwise. Everything past it is scoped to the session's condominium (auth.condoId); another
// condominium's ids are 404 in the domain functions.
import type { FastifyInstance } from 'fastify';
import { canInvoice } from '../../../src/api/permissions';
import { allowOnly } from '../../routes/guards';

export const invoicingOnly = (app: FastifyInstance) => allowOnly(app, canInvoice);
