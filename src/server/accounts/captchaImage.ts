/**
 * Draws a captcha answer as an SVG of strokes (no <text>, so the answer is not in the markup), with each
 * glyph jittered and rotated, strokes shuffled, and noise lines across.
 */
import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: letters a person cannot tell apart are left out. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

// Polylines on a 4 × 6 grid, x then y.
const GLYPHS: Record<string, number[][]> = {
  A: [[0, 6, 2, 0, 4, 6], [1, 3.5, 3, 3.5]],
  B: [[0, 0, 0, 6, 3, 6, 4, 5, 4, 4, 3, 3, 0, 3], [0, 0, 3, 0, 4, 1, 4, 2, 3, 3]],
  C: [[4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5]],
  D: [[0, 0, 0, 6, 2.5, 6, 4, 4.5, 4, 1.5, 2.5, 0, 0, 0]],
  E: [[4, 0, 0, 0, 0, 6, 4, 6], [0, 3, 3, 3]],
  F: [[4, 0, 0, 0, 0, 6], [0, 3, 3, 3]],
  G: [[4, 1, 3, 0, 1, 0, 0, 1, 0, 5, 1, 6, 3, 6, 4, 5, 4, 3.5, 2, 3.5]],
  H: [[0, 0, 0, 6], [4, 0, 4, 6], [0, 3, 4, 3]],
  J: [[1, 0, 4, 0], [3, 0, 3, 5, 2, 6, 1, 6, 0, 5]],
  K: [[0, 0, 0, 6], [4, 0, 0, 3.5], [1.3, 2.7, 4, 6]],
  M: [[0, 6, 0, 0, 2, 3, 4, 0, 4, 6]],
  N: [[0, 6, 0, 0, 4, 6, 4, 0]],
  P: [[0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3, 0, 3]],
  Q: [[1, 0, 3, 0, 4, 1, 4, 5, 3, 6, 1, 6, 0, 5, 0, 1, 1, 0], [2.5, 4.5, 4, 6.3]],
  R: [[0, 6, 0, 0, 3, 0, 4, 1, 4, 2, 3, 3, 0, 3], [2, 3, 4, 6]],
  S: [[4, 1, 3, 0, 1, 0, 0, 1, 0, 2, 1, 3, 3, 3, 4, 4, 4, 5, 3, 6, 1, 6, 0, 5]],
  T: [[0, 0, 4, 0], [2, 0, 2, 6]],
  U: [[0, 0, 0, 5, 1, 6, 3, 6, 4, 5, 4, 0]],
  V: [[0, 0, 2, 6, 4, 0]],
  W: [[0, 0, 1, 6, 2, 3, 3, 6, 4, 0]],
  X: [[0, 0, 4, 6], [4, 0, 0, 6]],
  Y: [[0, 0, 2, 3, 4, 0], [2, 3, 2, 6]],
  Z: [[0, 0, 4, 0, 0, 6, 4, 6]],
  2: [[0, 1, 1, 0, 3, 0, 4, 1, 4, 2, 0, 6, 4, 6]],
  3: [[0, 1, 1, 0, 3, 0, 4, 1, 4, 2, 3, 3, 1.5, 3], [3, 3, 4, 4, 4, 5, 3, 6, 1, 6, 0, 5]],
  4: [[3, 6, 3, 0, 0, 4, 4, 4]],
  5: [[4, 0, 0, 0, 0, 3, 3, 3, 4, 4, 4, 5, 3, 6, 1, 6, 0, 5]],
  6: [[3.5, 0, 1, 0, 0, 1.5, 0, 5, 1, 6, 3, 6, 4, 5, 4, 4, 3, 3, 0, 3]],
  7: [[0, 0, 4, 0, 1.5, 6]],
  8: [[1, 3, 0, 2, 0, 1, 1, 0, 3, 0, 4, 1, 4, 2, 3, 3, 1, 3, 0, 4, 0, 5, 1, 6, 3, 6, 4, 5, 4, 4, 3, 3]],
  9: [[4, 3, 1, 3, 0, 2, 0, 1, 1, 0, 3, 0, 4, 1, 4, 5, 3, 6, 0.5, 6]],
};

const WIDTH = 120;
const HEIGHT = 40;
const rand = (min: number, max: number) => min + (randomInt(0, 10_000) / 10_000) * (max - min);
const fmt = (n: number) => n.toFixed(1);

export const randomAnswer = (length = 4): string =>
  Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]).join('');

function glyphPaths(char: string, index: number): string[] {
  const scale = rand(4.2, 5);
  const cx = 16 + index * 28 + rand(-2, 2);
  const cy = HEIGHT / 2 + rand(-2, 2);
  const angle = (rand(-18, 18) * Math.PI) / 180;
  const colour = `hsl(${randomInt(0, 360)},60%,${randomInt(22, 38)}%)`;
  return (GLYPHS[char] ?? []).map((line) => {
    const points: string[] = [];
    for (let i = 0; i < line.length; i += 2) {
      const x = (line[i]! - 2 + rand(-0.2, 0.2)) * scale;
      const y = (line[i + 1]! - 3 + rand(-0.2, 0.2)) * scale;
      points.push(`${fmt(cx + x * Math.cos(angle) - y * Math.sin(angle))},${fmt(cy + x * Math.sin(angle) + y * Math.cos(angle))}`);
    }
    return `<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="${fmt(rand(2, 2.8))}" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
}

function noiseLine(): string {
  const colour = `hsl(${randomInt(0, 360)},40%,${randomInt(55, 75)}%)`;
  return `<path d="M${fmt(rand(0, 20))},${fmt(rand(0, HEIGHT))} Q${fmt(rand(30, 90))},${fmt(rand(-10, HEIGHT + 10))} ${fmt(rand(100, WIDTH))},${fmt(rand(0, HEIGHT))}" fill="none" stroke="${colour}" stroke-width="${fmt(rand(1, 1.8))}"/>`;
}

export function captchaSvg(answer: string): string {
  const parts = [...answer].flatMap((c, i) => glyphPaths(c, i));
  for (let i = 0; i < 5; i++) parts.push(noiseLine());
  for (let i = parts.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [parts[i], parts[j]] = [parts[j]!, parts[i]!];
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`
    + `<rect width="100%" height="100%" fill="hsl(${randomInt(0, 360)},30%,95%)"/>${parts.join('')}</svg>`;
}
