// A dwelling as the money screens name it ("Torre A - 101", or the dwelling alone): on its own, so that the
// screens that name dwellings do not load the statement page, with its payment dialog, to do it (issue 29).
import type { Dwelling } from '../../api/finance';

export const dwellingName = (d: Pick<Dwelling, 'AptName' | 'TorreName'>) =>
  d.TorreName ? `${d.TorreName} - ${d.AptName}` : d.AptName;
