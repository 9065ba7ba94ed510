// The top navigation's room (src/views/app/shell/TopNav.tsx; issue 28 #1): at most four entries, fewer when they
// do not fit beside 'Más', and 'Más' only when something goes under it.
import { describe, expect, it } from 'vitest';
import { entriesThatFit } from '../../src/views/app/shell/TopNav';

describe('entriesThatFit', () => {
  const widths = [120, 200, 180, 160];
  it('keeps all four when they and Más fit', () => expect(entriesThatFit(widths, 80, 10, 2000)).toBe(4));
  it('drops the last ones until they fit beside Más', () => {
    // 120+4 + 200+4 + 180+4 + 80 = 592
    expect(entriesThatFit(widths, 80, 10, 600)).toBe(3);
    expect(entriesThatFit(widths, 80, 10, 591)).toBe(2);
    expect(entriesThatFit(widths, 80, 10, 100)).toBe(0);
  });
  it('needs no room for Más when every entry is shown', () => {
    // 4 entries of 4: 120+200+180+160 + 4×4 = 676, no Más.
    expect(entriesThatFit(widths, 80, 4, 676)).toBe(4);
    expect(entriesThatFit(widths, 80, 5, 676)).toBe(3);
  });
});
