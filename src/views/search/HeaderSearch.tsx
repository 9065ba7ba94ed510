// The header's one search box (issue 16): Enter opens /condominio/search?q=; on that page each key rewrites
// the address (replacing, so Back leaves the page), and the page's machine searches after a pause. On phones
// the box hides behind an icon that opens it.
import '@mantine/core/styles/Popover.css';
import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { SEARCH_MAX_LENGTH, searchable, searchPagePath } from '../../api/globalSearch';

const SEARCH_PAGE = '/search';

function SearchIcon() {
  return <IconSearch size={20} stroke={1.8} aria-hidden="true" focusable="false" />;
}

function SearchForm(props: { autoFocus?: boolean; onDone?(): void }) {
  const intl = useIntl();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const onPage = location === SEARCH_PAGE;
  const addressText = onPage ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [text, setText] = useState(addressText);
  // Back and forward on the search page bring their own text.
  useEffect(() => {
    if (onPage) setText(addressText);
  }, [onPage, addressText]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!searchable(text)) return;
    navigate(searchPagePath(text), { replace: onPage });
    props.onDone?.();
  };
  const type = (value: string) => {
    setText(value);
    if (onPage) navigate(`${SEARCH_PAGE}?q=${encodeURIComponent(value)}`, { replace: true });
  };
  const label = intl.formatMessage({ id: 'globalSearch.label' });
  return (
    // A form landmark named Buscar (the <search> element is not yet known to every screen reader).
    // biome-ignore lint/a11y/useSemanticElements: role="search" on the form is the widely supported landmark.
    <form role="search" aria-label={label} onSubmit={submit}>
      <TextInput
        type="search"
        aria-label={label}
        placeholder={intl.formatMessage({ id: 'globalSearch.placeholder' })}
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => type(e.currentTarget.value)}
        leftSection={<SearchIcon />}
        data-autofocus={props.autoFocus ? true : undefined}
        autoFocus={props.autoFocus}
        w={{ base: '100%', md: 260 }}
      />
    </form>
  );
}

export function HeaderSearch({ isDesktop }: { isDesktop: boolean }) {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  if (isDesktop) return <SearchForm />;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={intl.formatMessage({ id: 'globalSearch.open' })}
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        >
          <SearchIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown miw={280}>
        <SearchForm autoFocus onDone={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}
