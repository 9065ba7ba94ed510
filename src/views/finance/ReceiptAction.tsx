import '@mantine/core/styles/ActionIcon.css';
// A payment line's receipt on the statement (issue 27): an icon button that downloads the payment's receipt as a
// PDF (src/services/receiptsService.ts), in the reader's language. Its accessible name says whose payment it is.
import { ActionIcon } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { fetchReceiptPdf } from '../../services/receiptsService';
import { displayDate, saveFile } from '../common/period';

/** `onDone` is told whether the download worked (false: the statement says it failed). */
export function ReceiptAction({
  paymentId,
  paidOn,
  onDone,
}: {
  paymentId: number;
  paidOn: string;
  onDone: (ok: boolean) => void;
}) {
  const intl = useIntl();
  const [loading, setLoading] = useState(false);
  const label = intl.formatMessage({ id: 'receipts.download' }, { date: displayDate(paidOn) });
  const download = async () => {
    setLoading(true);
    try {
      const { blob, fileName } = await fetchReceiptPdf(paymentId);
      saveFile(fileName, 'application/pdf', blob);
      onDone(true);
    } catch {
      onDone(false);
    } finally {
      setLoading(false);
    }
  };
  return (
    <ActionIcon variant="subtle" size="sm" aria-label={label} title={label} loading={loading} onClick={download}>
      <IconReceipt size={16} aria-hidden />
    </ActionIcon>
  );
}
