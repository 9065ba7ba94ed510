// The language switch of the visitor pages (the public page, guest registration, the pass). Their language
// follows the spec's rule (the browser's if French or English, otherwise English: src/i18n/languages.ts), so a
// visitor whose phone speaks Spanish picks Español here; the choice is kept for the next link
// (LanguageProvider). Plain buttons the entry already carries: a visitor's phone downloads nothing for it.
import { Button, Group } from '@mantine/core';
import { useIntl } from 'react-intl';
import { LANGUAGES } from '../../i18n/languages';
import { useLanguage } from './LanguageProvider';

export function VisitorLanguageSwitch({ color }: { color?: string }) {
  const intl = useIntl();
  const { language, setLanguage } = useLanguage();
  return (
    <Group component="nav" aria-label={intl.formatMessage({ id: 'language.label' })} gap={4} justify="flex-end">
      {LANGUAGES.map((option) => (
        <Button
          key={option}
          size="compact-xs"
          variant={option === language ? 'light' : 'subtle'}
          color={color}
          lang={option}
          aria-pressed={option === language}
          onClick={() => setLanguage(option)}
        >
          {intl.formatMessage({ id: `language.${option}` })}
        </Button>
      ))}
    </Group>
  );
}
