// A signature drawn with a finger, a pen or a mouse on a <canvas> (pointer events), given back as a PNG data URL
// after each stroke; Borrar starts again. Keyboard users hand over with the pickup code instead.
import { Button, Group, Stack, Text } from '@mantine/core';
import { type PointerEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

const HEIGHT = 200;

export function SignaturePad({ onChange }: { onChange(signature: string | null): void }) {
  const intl = useIntl();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);

  const context = () => canvas.current?.getContext('2d') ?? null;
  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // The drawing buffer may be larger than the box (high-density screens): scale the point into it.
    const scaleX = box.width ? event.currentTarget.width / box.width : 1;
    const scaleY = box.height ? event.currentTarget.height / box.height : 1;
    return { x: (event.clientX - box.left) * scaleX, y: (event.clientY - box.top) * scaleY };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    // The buffer follows the box the first time it is drawn on.
    if (!signed) {
      const box = event.currentTarget.getBoundingClientRect();
      if (box.width > 0 && event.currentTarget.width !== Math.round(box.width)) {
        event.currentTarget.width = Math.round(box.width);
        event.currentTarget.height = HEIGHT;
      }
    }
    drawing.current = true;
    const { x, y } = point(event);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!drawing.current || !ctx) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setSigned(true);
    onChange(canvas.current?.toDataURL('image/png') ?? null);
  };
  const clear = () => {
    const ctx = context();
    if (ctx && canvas.current) ctx.clearRect(0, 0, canvas.current.width, canvas.current.height);
    setSigned(false);
    onChange(null);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="signature-label">
        <FormattedMessage id="parcels.handover.signatureLabel" />
      </Text>
      <canvas
        ref={canvas}
        height={HEIGHT}
        aria-labelledby="signature-label"
        role="img"
        aria-description={intl.formatMessage({ id: 'parcels.handover.signatureHint' })}
        style={{
          width: '100%',
          height: HEIGHT,
          border: '2px dashed var(--mantine-color-gray-5)',
          borderRadius: 8,
          touchAction: 'none',
          background: 'white',
          cursor: 'crosshair',
        }}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
        onPointerCancel={end}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          <FormattedMessage id={signed ? 'parcels.handover.signed' : 'parcels.handover.signatureHint'} />
        </Text>
        <Button variant="subtle" size="sm" onClick={clear} disabled={!signed}>
          <FormattedMessage id="parcels.handover.clear" />
        </Button>
      </Group>
    </Stack>
  );
}
