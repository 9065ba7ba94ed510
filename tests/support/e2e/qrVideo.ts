// A video file for Chromium's fake camera (--use-file-for-fake-video-capture) showing one QR code, so the gate's
// scan path runs for real in the browser tests: getUserMedia, the frames, the decoder. Y4M (4:2:0), which
// Chromium reads without any codec; grey only (the chroma planes are neutral). Written once per text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** Pixels per QR module and the quiet zone in modules: a phone held 20–30 cm from a printed or shown pass. */
const MODULE_PX = 9;
const QUIET_MODULES = 4;
/** Chromium loops the file; a few identical frames are enough. */
const FRAMES = 5;

/** The grey plane of one frame: white, the code's dark modules black, centred. */
function lumaPlane(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  const side = (size + QUIET_MODULES * 2) * MODULE_PX;
  if (side > HEIGHT) throw new Error(`qrVideo: "${text}" needs ${side} px, the frame has ${HEIGHT}`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - size * MODULE_PX) / 2);
  const top = Math.floor((HEIGHT - size * MODULE_PX) / 2);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      for (let y = 0; y < MODULE_PX; y++) {
        const offset = (top + row * MODULE_PX + y) * WIDTH + left + col * MODULE_PX;
        luma.fill(16, offset, offset + MODULE_PX);
      }
    }
  }
  return luma;
}

/** The path of a Y4M file whose picture is the QR code of `text` (made on first use, in the temp folder). */
export function qrVideoFile(text: string): string {
  const file = path.join(os.tmpdir(), `qr-${Buffer.from(text).toString('base64url').slice(0, 60)}.y4m`);
  if (fs.existsSync(file)) return file;
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), lumaPlane(text), chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  fs.renameSync(partial, file);
  return file;
}
