// The module's one issuers actor (src/machines/issuersMachine.ts), shared by the sub-navigation (which hides
// 'Crear factura' in mode A) and datos-generales (which lists and saves the issuers).
import { createActorContext } from '@xstate/react';
import { issuersMachine } from '../../machines/issuersMachine';

export const IssuersContext = createActorContext(issuersMachine);
