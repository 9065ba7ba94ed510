// The public page's background gradient by CondoBackgroundColor (spec §2.5); anything unknown is gris.
export const BACKGROUND_COLORS = ['azul', 'gris', 'verde', 'naranja'] as const;
export type BackgroundColor = (typeof BACKGROUND_COLORS)[number];

const GRADIENTS: Record<BackgroundColor, string> = {
  azul: 'linear-gradient(160deg, rgb(11, 61, 145) 0%, rgb(28, 126, 214) 55%, rgb(165, 216, 255) 100%)',
  gris: 'linear-gradient(160deg, rgb(52, 58, 64) 0%, rgb(134, 142, 150) 55%, rgb(222, 226, 230) 100%)',
  verde: 'linear-gradient(160deg, rgb(11, 93, 30) 0%, rgb(47, 158, 68) 55%, rgb(178, 242, 187) 100%)',
  naranja: 'linear-gradient(160deg, rgb(163, 59, 0) 0%, rgb(247, 103, 7) 55%, rgb(255, 216, 168) 100%)',
};

export function backgroundColor(value: string | null | undefined): BackgroundColor {
  const lower = (value ?? '').trim().toLowerCase();
  return (BACKGROUND_COLORS as readonly string[]).includes(lower) ? (lower as BackgroundColor) : 'gris';
}

export const backgroundGradient = (value: string | null | undefined) => GRADIENTS[backgroundColor(value)];
