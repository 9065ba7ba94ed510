// What the product sells (src/api/modules.ts; issue 28 #5): every feature a plan may list has words in the three
// languages and names a module the registry knows; the modules not built yet are not sold.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { featureIsLive, LIVE_MODULES, PLAN_FEATURES, type PlanFeature } from '../../src/api/modules';
import { LANGUAGES } from '../../src/i18n/languages';

const features = Object.keys(PLAN_FEATURES) as PlanFeature[];

describe('plan features', () => {
  it('each has words in every language', () => {
    for (const language of LANGUAGES) {
      const words = JSON.parse(fs.readFileSync(`src/i18n/${language}/pricing.json`, 'utf8')) as Record<string, string>;
      const missing = features.filter((code) => !words[`pricing.feature.${code}`]);
      expect(missing, language).toEqual([]);
    }
  });

  it('sells a module only once it is live: rounds and assemblies not yet', () => {
    expect(features.filter((code) => !featureIsLive(code))).toEqual(['rounds', 'assemblies']);
    for (const code of features) {
      const module = PLAN_FEATURES[code];
      if (module !== null) expect(Object.hasOwn(LIVE_MODULES, module), code).toBe(true);
    }
  });
});
