// A Stryker ignorer (stryker.config.mjs, `ignorers`): mutants inside `setup({ types, actors })` of an XState
// machine are reported as Ignored, out of the score. `types` exists for TypeScript only, so its mutants are
// equivalent. `actors` holds the default service calls, which every machine test replaces through
// machine.provide() (DESIGN.md §3), so no machine test can see them; the views and the browser suite do.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

const REASONS = {
  types: 'setup({ types }) is for TypeScript only: nothing runs it',
  actors: 'setup({ actors }) holds the real service calls, which every machine test replaces with machine.provide()',
};

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'xstate-setup', {
    shouldIgnore(path) {
      if (!path.isObjectProperty() || path.node.key.type !== 'Identifier') return undefined;
      const reason = REASONS[path.node.key.name];
      const call = path.parentPath?.parentPath;
      const inSetup = call?.isCallExpression() && call.node.callee.type === 'Identifier' && call.node.callee.name === 'setup';
      return reason && inSetup && path.parentPath.node === call.node.arguments[0] ? reason : undefined;
    },
  }),
];
