// The language switch of the visitor pages (the public page, guest registration, the pass). Their language
// follows the spec's rule (the browser's if French or English, otherwise English: src/i18n/languages.ts), so a
// visitor whose phone speaks Spanish picks Español here; the choice is kept for the next link
// (LanguageProvider). Plain buttons the entry already carries: a visitor's phone downloads nothing for it.
//
// A form too: on a page the server painted (server/infra/firstPaint.ts) the buttons are there before the app's
// scripts, and a tap then asks the server for the page in that language (?lang=, which it keeps as the app
// does) instead of doing nothing. Once the app runs, a tap switches in place.
import { Button, Group } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { LANGUAGE_PARAM, LANGUAGES } from '../../i18n/languages';
import { useLanguage } from './LanguageProvider';

export function VisitorLanguageSwitch({ color }: { color?: string }) {
  const intl = useIntl();
  const { language, setLanguage } = useLanguage();
  const [pathname] = useLocation();
  // The page's own query (the public page's ?id=) goes with the choice.
  const kept = [...new URLSearchParams(useSearch())].filter(([name]) => name !== LANGUAGE_PARAM);
  return (
    <nav aria-label={intl.formatMessage({ id: 'language.label' })}>
      <form method="get" action={pathname}>
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Group gap={4} justify="flex-end">
          {LANGUAGES.map((option) => (
            <Button
              key={option}
              type="submit"
              name={LANGUAGE_PARAM}
              value={option}
              size="compact-xs"
              variant={option === language ? 'light' : 'subtle'}
              color={color}
              lang={option}
              aria-pressed={option === language}
              onClick={(event) => {
                event.preventDefault();
                setLanguage(option);
              }}
            >
              {intl.formatMessage({ id: `language.${option}` })}
            </Button>
          ))}
        </Group>
      </form>
    </nav>
  );
}
