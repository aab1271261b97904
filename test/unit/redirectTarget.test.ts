import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../src/app/flows/login';

describe('after login the customer returns to the page they asked for (same site only)', () => {
  it('returns to a same-site path with its query', () => {
    expect(redirectTarget('?redirect=%2Fpersonal%2Fmybill%3Fm%3D3')).toBe('/personal/mybill?m=3');
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example', '/\tevil', '/login?redirect=/x', ''])('refuses %j and goes to /personal', (target) => {
    expect(redirectTarget(`?redirect=${encodeURIComponent(target)}`)).toBe('/personal');
  });
});
