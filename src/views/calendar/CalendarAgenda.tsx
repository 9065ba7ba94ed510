// The agenda (the phones' view): the items of the period grouped by the day they start on, each day a heading
// with its weekday; an item is a link to its screen (its accessible name says title, kind and when), others'
// reservations are plain text "Ocupado — Alberca".
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/ColorSwatch.css';
import { Anchor, Badge, Box, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { CalendarItem } from '../../api/calendar';
import { itemsByDay, opensItem } from '../../machines/calendarRange';
import { dayHeading, formatSpan, itemColor, itemLabel, itemTitle } from './calendarFormat';

export function CalendarAgenda({ items }: { items: readonly CalendarItem[] }) {
  const intl = useIntl();
  return (
    <Stack gap="md" data-calendar-agenda aria-label={intl.formatMessage({ id: 'calendar.agenda' })} component="section">
      {itemsByDay(items).map(({ day, items: ofDay }) => (
        <Box key={day} component="section" data-calendar-day={day}>
          <Title order={2} size="h5" mb={4}>
            {dayHeading(intl, day)}
          </Title>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {ofDay.map((item) => (
              <li
                key={item.clave}
                data-calendar-item={item.clave}
                data-calendar-kind={item.tipo}
                data-busy={item.ocupado || undefined}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <ColorSwatch color={`var(--mantine-color-${itemColor(item)}-6)`} size={12} mt={6} aria-hidden />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    {opensItem(item) ? (
                      <Anchor component={Link} href={item.ruta!} fw={600} aria-label={itemLabel(intl, item)}>
                        {itemTitle(intl, item)}
                      </Anchor>
                    ) : (
                      <Text fw={600} c="dimmed" aria-label={itemLabel(intl, item)}>
                        {itemTitle(intl, item)}
                      </Text>
                    )}
                    <Text size="sm" c="dimmed">
                      {formatSpan(item.inicioLocal, item.finLocal)}
                      {item.Lugar ? ` · ${item.Lugar}` : ''}
                    </Text>
                    <Group gap={4}>
                      <Badge size="xs" variant="light" color={itemColor(item)}>
                        {intl.formatMessage({ id: `calendar.one.${item.tipo}` })}
                      </Badge>
                      {item.estado === 'cancelado' ? (
                        <Badge size="xs" color="red">
                          {intl.formatMessage({ id: 'calendar.cancelled' })}
                        </Badge>
                      ) : null}
                    </Group>
                  </Stack>
                </Group>
              </li>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
