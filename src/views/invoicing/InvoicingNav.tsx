import '@mantine/core/styles/Button.css';
// The sub-navigation between the module's six screens (spec §2.2). 'Crear factura' is left out when every issuer
// invoices automatically (mode A, spec §4: canCreateInvoiceByHand). Buttons wrap on a phone: no sideways scroll.
import { Button, Group } from '@mantine/core';
import { IconFileInvoice, IconFilePlus, IconListDetails, IconReceipt2, IconSettings, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { canCreateInvoiceByHand } from '../../api/permissions';
import type { SessionData } from '../../api/sessions';
import { modoInvoiceOf } from '../../machines/issuersMachine';
import { IssuersContext } from './issuersContext';

/** The screens' segments inside the module (INVOICING_SCREENS without the base). */
export const INVOICING_SEGMENTS = {
  catalogues: '/facturacion-electronica',
  createInvoice: '/crear-factura',
  report: '/listado-cfdis',
  clients: '/catalago-clientes',
  generalData: '/datos-generales',
  requestStamps: '/solicitar-timbres',
} as const;
export type InvoicingScreen = keyof typeof INVOICING_SEGMENTS;

const ICONS: Record<InvoicingScreen, ReactNode> = {
  catalogues: <IconListDetails size={18} aria-hidden />,
  createInvoice: <IconFilePlus size={18} aria-hidden />,
  report: <IconFileInvoice size={18} aria-hidden />,
  clients: <IconUsers size={18} aria-hidden />,
  generalData: <IconSettings size={18} aria-hidden />,
  requestStamps: <IconReceipt2 size={18} aria-hidden />,
};

export function InvoicingNav({ data }: { data: SessionData }) {
  const intl = useIntl();
  const [location] = useLocation();
  const issuers = IssuersContext.useSelector((s) => s.context.issuers);
  const handMade = canCreateInvoiceByHand(data, modoInvoiceOf(issuers));
  const screens = (Object.keys(INVOICING_SEGMENTS) as InvoicingScreen[]).filter(
    (screen) => screen !== 'createInvoice' || handMade,
  );
  return (
    <nav aria-label={intl.formatMessage({ id: 'invoicing.nav.label' })}>
      <Group gap="xs" wrap="wrap">
        {screens.map((screen) => {
          const href = INVOICING_SEGMENTS[screen];
          const current = location === href || location.startsWith(`${href}/`);
          return (
            <Button
              key={screen}
              component={Link}
              href={href}
              size="compact-sm"
              variant={current ? 'filled' : 'light'}
              leftSection={ICONS[screen]}
              aria-current={current ? 'page' : undefined}
            >
              {intl.formatMessage({ id: `invoicing.nav.${screen}` })}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
