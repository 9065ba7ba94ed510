import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
// A ClaveProdServ or ClaveUnidad field: the key can be typed, or searched by words in the SAT catalogue
// (INVOICING_PATHS.satCatalogue, accent-insensitive on the server) after typing stops; choosing a suggestion
// keeps its key. A failed search says so under the field and leaves the typed key as it is.
import { Autocomplete } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { searchSatCatalogue } from '../../../services/invoicingService';

const SEARCH_DELAY_MS = 300;

export function SatKeyInput(props: {
  kind: 'prodserv' | 'unidad';
  label: string;
  value: string;
  error?: string | null;
  onChange: (clave: string) => void;
}) {
  const intl = useIntl();
  const { kind, value, onChange } = props;
  const [items, setItems] = useState<{ clave: string; descripcion: string }[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const q = value.trim();
    if (q.length < 2) {
      setItems([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      searchSatCatalogue(kind, q, abort.signal)
        .then((answer) => {
          setItems(answer.items.slice(0, 20));
          setFailed(false);
        })
        .catch((error: unknown) => {
          if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [kind, value]);

  return (
    <Autocomplete
      label={props.label}
      description={intl.formatMessage({ id: 'invoicingScreens.catalogues.satHint' })}
      value={value}
      onChange={(typed) => onChange(typed.split(' — ')[0]!.trim().toUpperCase())}
      data={items.map((item) => `${item.clave} — ${item.descripcion}`)}
      filter={({ options }) => options}
      error={props.error ?? (failed ? intl.formatMessage({ id: 'invoicingScreens.catalogues.satFailed' }) : undefined)}
      required
    />
  );
}
