// comunicacion/blogs' summary as a test model: the sections the member may read, or the failure with its
// retry. The words its scenarios are told in: docs/scenarios/blogsSummaryMachine.md.
import type { SummaryAnswer } from '../../src/api/posts';
import { blogsSummaryMachine } from '../../src/machines/blogsSummaryMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';

export const SUMMARY: SummaryAnswer = {
  success: true,
  sections: [
    {
      SectId: 1,
      SectName: 'Avisos de la administración',
      SectCode: '',
      SectPosting: 'R',
      CommentsDisplay: 'Y',
      VistaxTorre: 1,
      SolPrivada: 1,
      PublicoPrivado: 0,
      ExclusivaUsuarios: 'N',
      SectStatus: 'A',
      blogCount: 14,
    },
  ],
};

export const blogsSummaryModel = defineModel({
  machine: blogsSummaryMachine,
  payloads: {
    retry: BARE,
    'xstate.done.actor.summary': [{ output: SUMMARY }],
    'xstate.error.actor.summary': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      loading: 'Blogs shows Cargando… under its title.',
      failed: 'No pudimos cargar la información, and why (the server’s words, or no connection), with Reintentar.',
      shown: 'Each section the member may read with its number of publicaciones (No hay secciones que puedas leer. when none).',
    },
    events: {
      retry: () => 'presses Reintentar',
      'xstate.done.actor.summary': (e) =>
        `the server answers ${(e.output as SummaryAnswer).sections.map((s) => `${s.SectName} (${s.blogCount})`).join(', ')}`,
      'xstate.error.actor.summary': () => 'the connection fails',
    },
  },
});
