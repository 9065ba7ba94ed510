// The employee's task list on panel-del-empleado: the requests assigned to them across every SA section.
// Employees have no Comunicación menu, so a request opens here, in a drawer holding the same detail as the
// section's screen (full width on a phone); closing it reads the list again, since its state may have moved.
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import { Card, Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import type { TicketSummary } from '../../api/tickets';
import { TicketDetail } from './TicketDetail';
import { TicketList } from './TicketList';

export function EmployeeTasksCard() {
  const intl = useIntl();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [open, setOpen] = useState<TicketSummary | null>(null);
  const [reload, setReload] = useState(0);
  const close = useCallback(() => {
    setOpen(null);
    setReload((n) => n + 1);
  }, []);
  return (
    <Card withBorder radius="md" padding="lg">
      <TicketList
        sectionId={null}
        heading={intl.formatMessage({ id: 'tickets.tasks.title' })}
        categorias={[]}
        assignees={null}
        showRequester
        reloadKey={reload}
        onOpen={setOpen}
      />
      <Drawer
        opened={open !== null}
        onClose={close}
        position="right"
        size={phone ? '100%' : 'xl'}
        title={open ? intl.formatMessage({ id: 'tickets.tasks.drawerTitle' }, { id: open.TicketId }) : ''}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'tickets.tasks.close' }) }}
      >
        {open ? <TicketDetail key={open.TicketId} ticketId={open.TicketId} /> : null}
      </Drawer>
    </Card>
  );
}
