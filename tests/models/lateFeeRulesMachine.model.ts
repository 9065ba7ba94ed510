// Recargos' settings (the rule, exemptions, applying now) as a test model: the settings load (or fail and are
// retried), the rule is saved, a dwelling exempted or its exemption removed, this period's fees applied; any call
// may fail and leave things as they were. The words its scenarios are told in: docs/scenarios/lateFeeRulesMachine.md.
import { lateFeeRulesMachine } from '../../src/machines/lateFeeRulesMachine';
import { ApiError } from '../../src/services/http';
import { EXEMPTION, NEW_EXEMPTION, NEW_EXEMPTION_DRAFT, RULE, SETTINGS } from '../support/lateFeeFixtures';
import { BARE, defineModel } from '../support/machineModel';

const failure = [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }];

export const lateFeeRulesModel = defineModel({
  machine: lateFeeRulesMachine,
  payloads: {
    save: [{ rule: { ...RULE, graceDays: 5 } }],
    exempt: [{ draft: NEW_EXEMPTION_DRAFT }],
    unexempt: [{ id: EXEMPTION.id }],
    apply: BARE,
    retry: BARE,
    'xstate.done.actor.loadSettings': [{ output: SETTINGS }],
    'xstate.error.actor.loadSettings': failure,
    'xstate.done.actor.saveRule': [{ output: { ...RULE, graceDays: 5 } }],
    'xstate.error.actor.saveRule': failure,
    'xstate.done.actor.addExemption': [{ output: NEW_EXEMPTION }],
    'xstate.error.actor.addExemption': failure,
    'xstate.done.actor.removeExemption': [{ output: EXEMPTION.id }],
    'xstate.error.actor.removeExemption': failure,
    'xstate.done.actor.applyNow': [{ output: { period: '2026-11', applied: 12 } }],
    'xstate.error.actor.applyNow': failure,
  },
  words: {
    states: {
      loading: 'Recargos moratorios loading.',
      loadFailed: 'The settings could not load, with Reintentar.',
      ready: 'The rule’s form, Aplicar recargos ahora, the exempt dwellings with Quitar, and Exentar vivienda.',
      saving: 'The rule is being saved.',
      exempting: 'The dwelling is being exempted.',
      unexempting: 'The exemption is being removed.',
      applying: 'This period’s fees are being applied.',
    },
    events: {
      save: () => 'changes the rule and presses Guardar regla',
      exempt: () => 'chooses a dwelling, writes the reason and presses Exentar vivienda',
      unexempt: () => 'presses Quitar on an exempt dwelling',
      apply: () => 'presses Aplicar recargos ahora',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.loadSettings': () => 'the server answers the rule, the exemptions and the dwellings',
      'xstate.error.actor.loadSettings': () => 'the connection fails',
      'xstate.done.actor.saveRule': () => 'the server saves the rule',
      'xstate.error.actor.saveRule': () => 'the connection fails',
      'xstate.done.actor.addExemption': () => 'the server exempts the dwelling',
      'xstate.error.actor.addExemption': () => 'the connection fails',
      'xstate.done.actor.removeExemption': () => 'the server removes the exemption',
      'xstate.error.actor.removeExemption': () => 'the connection fails',
      'xstate.done.actor.applyNow': () => 'the server applies this period’s fees',
      'xstate.error.actor.applyNow': () => 'the connection fails',
    },
  },
});
