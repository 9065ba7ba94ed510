// What the contract's checks of a new pass or event found (passProblems, eventProblems in src/api/myGuests.ts),
// as the refusal: a 400 on the first field at fault, worded from the invites.problem.* messages the form shows.
import type { MyGuestsMessage } from '../../../src/api/myGuests';
import { AppError } from '../../errors';

export function refuseFirst<F extends string>(problems: Partial<Record<F, MyGuestsMessage>>): void {
  const [field, message] = (Object.entries(problems) as [F, MyGuestsMessage][])[0] ?? [];
  if (field && message) throw new AppError(400, 'BAD_REQUEST', `invites.problem.${message}`, field);
}
