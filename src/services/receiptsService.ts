// Browser side of payment receipts (src/api/receipts.ts): a payment's receipt as a PDF (the statement's receipt
// action) and the public verification of a receipt's QR. A token that names no receipt is a typed result.
import {
  RECEIPT_TOKEN,
  type ReceiptVerification,
  ReceiptVerificationAnswer,
  receiptPdfPath,
  receiptVerifyPath,
} from '../api/receipts';
import { ApiError, apiPath, call, http } from './http';

/** The file name the server gives (recibo-000123.pdf), else one made of the payment. */
function fileNameOf(response: Response, paymentId: number): string {
  const given = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return given ?? `recibo-pago-${paymentId}.pdf`;
}

/** A payment's receipt as a PDF Blob and its file name (the request carries the app-token: a plain link cannot). */
export async function fetchReceiptPdf(paymentId: number, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  try {
    const response = await http.get(apiPath(receiptPdfPath(paymentId)), { signal });
    return { blob: await response.blob(), fileName: fileNameOf(response, paymentId) };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
}

export type ReceiptCheck =
  | { kind: 'valid'; receipt: ReceiptVerification }
  | { kind: 'cancelled'; receipt: ReceiptVerification }
  | { kind: 'notFound' };

/** What a receipt's QR says of it: valid, cancelled, or no receipt at all (a wrong or malformed token). */
export async function checkReceipt(token: string, signal?: AbortSignal): Promise<ReceiptCheck> {
  if (!RECEIPT_TOKEN.test(token)) return { kind: 'notFound' };
  try {
    const { data } = await call(() => http.get(apiPath(receiptVerifyPath(token)), { signal }), ReceiptVerificationAnswer);
    return data.state === 'cancelado' ? { kind: 'cancelled', receipt: data } : { kind: 'valid', receipt: data };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'notFound' };
    throw error;
  }
}
