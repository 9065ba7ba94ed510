// The QR (qrcode.react, about 6 KiB gzip) in a chunk of its own: visitor pages paint their first screen
// without it, and it arrives while the pass or the registration is still on its way. Error correction M
// (spec §9); the box keeps its size while the code loads, so nothing jumps.
import { Suspense } from 'react';
import { preloadableLazy } from './preloadableLazy';

const qrCode = preloadableLazy(() => import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })));
const QRCodeSVG = qrCode.Component;

/** Starts downloading the QR code's chunk (call it when a page that will show one starts). */
export function preloadQr(): void {
  qrCode.preload().catch(() => undefined);
}

/** The QR code's chunk, arrived: LazyQr then draws the code in the same render (no Suspense fallback). */
export function loadQr(): Promise<unknown> {
  return qrCode.preload();
}

export function LazyQr({ value, size, label }: { value: string; size: number; label: string }) {
  return (
    <Suspense fallback={<div style={{ width: size, height: size, maxWidth: '100%' }} aria-hidden />}>
      <QRCodeSVG value={value} size={size} level="M" role="img" aria-label={label} style={{ maxWidth: '100%', height: 'auto' }} />
    </Suspense>
  );
}
