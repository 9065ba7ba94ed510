// The device's camera as a QR reader (the gate's pass scan, issue 26; the rounds' checkpoints, issue 31). The
// browser's own BarcodeDetector decodes where it exists (Android Chrome, Safari 17+); elsewhere (desktop Chrome on
// Linux and Windows, Firefox) jsQR does, loaded only then, in its own chunk (docs/decisions.md, "The QR decoder").
// Frames are read from a video element this module keeps off the page, so the view's preview is only a preview.

/** Why the camera could not be opened: refused by the person or the browser, absent, or anything else. */
export type CameraRefusal = 'denied' | 'noCamera' | 'failed';

export class CameraError extends Error {
  constructor(readonly refusal: CameraRefusal) {
    super(`camera: ${refusal}`);
  }
}

const refusalOf = (error: unknown): CameraRefusal => {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noCamera';
  return 'failed';
};

/** The rear camera where there is one (a phone, a tablet), else whichever the device has. */
export async function openCamera(signal?: AbortSignal): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('noCamera');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (error) {
    throw new CameraError(refusalOf(error));
  }
  // Left before it opened: give the camera back at once.
  if (signal?.aborted) {
    stopCamera(stream);
    throw new CameraError('failed');
  }
  return stream;
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

type Decode = (source: HTMLCanvasElement, context: CanvasRenderingContext2D) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDecoder(): Promise<Decode | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

/** Fetches the QR library ahead (a screen that scans while walking, such as the rounds', may lose the network
 * before its first scan; the installed app's worker keeps the chunk, a browser tab only once it was loaded). */
export function preloadQrDecoder(): void {
  void import('jsqr').catch(() => undefined);
}

async function libraryDecoder(): Promise<Decode> {
  const { default: jsQR } = await import('jsqr');
  return async (canvas, context) => {
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** Wider frames are scaled down: a pass's QR fills a good part of the picture, and jsQR's time grows with pixels. */
const FRAME_MAX_SIDE = 640;
/** How often a frame is read; a guard holds the phone for a second or two. */
export const SCAN_INTERVAL_MS = 150;

/**
 * Reads the stream's frames until one holds a QR code, then calls `found` with its text once and stops. Returns
 * the function that stops it earlier (the scanner left, the camera closed).
 */
export function watchForQr(stream: MediaStream, found: (text: string) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    video.pause();
    video.srcObject = null;
  };

  const run = async () => {
    if (!context) return;
    const decode = (await nativeDecoder()) ?? (await libraryDecoder());
    await video.play().catch(() => undefined);
    const tick = async () => {
      if (stopped) return;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        const scale = Math.min(1, FRAME_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const text = await decode(canvas, context).catch(() => null);
        if (stopped) return;
        if (text) {
          stop();
          found(text);
          return;
        }
      }
      timer = setTimeout(tick, SCAN_INTERVAL_MS);
    };
    await tick();
  };
  void run();
  return stop;
}
