import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlanSlug, META_VARIANTS, metaVariant, planDetailMeta } from '../../src/app/planMeta';
import { findRoute } from '../../src/app/routes';

const fallback = { title: 'meta:planDetail.title', description: 'meta:planDetail.description' };
const q = (s: string) => new URLSearchParams(s);

describe('plan detail metadata (spec section 2: /plans/500mb-plan takes id 1 to 5)', () => {
  it('plan slugs end in -plan', () => {
    expect(isPlanSlug('5gb-plan')).toBe(true);
    expect(isPlanSlug('unlimited-plan')).toBe(true);
    expect(isPlanSlug('5gb')).toBe(false);
    expect(isPlanSlug('-plan')).toBe(false);
    expect(isPlanSlug('5GB-plan')).toBe(false);
  });

  it('?id=1..5 selects a variant on the 500MB page only; any other id or none is the default', () => {
    expect(metaVariant('500mb-plan', q('id=1'))).toBe(1);
    expect(metaVariant('500mb-plan', q('id=5'))).toBe(5);
    for (const id of ['0', '6', '1.5', 'x', '']) expect(metaVariant('500mb-plan', q(`id=${id}`))).toBeNull();
    expect(metaVariant('500mb-plan', q(''))).toBeNull();
    expect(metaVariant('5gb-plan', q('id=2'))).toBeNull();
  });

  it('a variant, else the plan by name, else the route\'s own metadata', () => {
    expect(planDetailMeta({ slug: '500mb-plan', search: q('id=3'), planName: '500MB', fallback })).toEqual({ title: 'meta:plan500mb.3.title', description: 'meta:plan500mb.3.description' });
    expect(planDetailMeta({ slug: '500mb-plan', search: q('id=9'), planName: '500MB', fallback })).toMatchObject({ title: 'meta:planNamed.title', values: { name: '500MB' } });
    expect(planDetailMeta({ slug: '5gb-plan', search: q(''), planName: null, fallback })).toBe(fallback);
  });

  it('the route /plans/:plan uses it with its loader\'s plan', () => {
    const route = findRoute('/plans/:plan')!;
    expect(route.metaFor?.({ params: { plan: '500mb-plan' }, search: q('id=2'), data: { plan: { name: '500MB' } } }).title).toBe('meta:plan500mb.2.title');
    expect(route.metaFor?.({ params: { plan: '2gb-plan' }, search: q(''), data: { plan: { name: '2GB' } } })).toMatchObject({ values: { name: '2GB' } });
  });

  it('every variant has a distinct title and description in the three languages', () => {
    for (const lang of ['en', 'zh-Hans', 'zh-Hant']) {
      const meta = JSON.parse(readFileSync(join(import.meta.dirname, `../../i18n/${lang}/meta.json`), 'utf8')) as { plan500mb: Record<string, { title: string; description: string }>; planNamed: { title: string } };
      const titles = META_VARIANTS.map((id) => meta.plan500mb[String(id)]!.title);
      expect(new Set(titles).size, lang).toBe(5);
      for (const id of META_VARIANTS) expect(meta.plan500mb[String(id)]!.description.length, `${lang} ${id}`).toBeGreaterThan(20);
      expect(meta.planNamed.title).toContain('{{name}}');
    }
  });
});
