// The words of a failed call (src/machines/shared/callFailure.ts): no answer says "no connection"
// (common.network), an answer says the server's own words, which already come in the reader's language and
// say what happened. Apart from FailureAlert so that the visitor pages, which carry no Mantine Alert, say a
// failure the same way.
import { useIntl } from 'react-intl';
import type { CallFailure } from '../../machines/shared/callFailure';

/** The words of a failure; a missing one (a state entered without its failure) reads as no connection. */
export function useFailureText(): (failure: CallFailure | null | undefined) => string {
  const intl = useIntl();
  return (failure) => (failure?.kind === 'refused' ? failure.message : intl.formatMessage({ id: 'common.network' }));
}

/** The words alone, for a field's error or a line under a form. */
export function FailureText({ failure }: { failure: CallFailure | null | undefined }) {
  return <>{useFailureText()(failure)}</>;
}
