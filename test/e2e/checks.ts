import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, type Page } from './fixtures';

/**
 * Rules axe-core gives a fixed minor or moderate impact (a rule's own impact is every one of its results' impact,
 * axe-core's _finalizeRuleResult): they can never report a serious or critical violation, so they are not run.
 */
const NEVER_SERIOUS = (axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } })._audit.rules
  .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate').map((rule) => rule.id);

const origin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
};

/**
 * What axe-core finds serious or critical on the page, one line per rule with up to three of its elements.
 * Only violations are reported (not passes), and a page without a cross-origin frame is checked in axe's legacy mode
 * (its frames in place, no blank page opened to merge them): the same rules on the same elements, three times quicker
 * (measured in docs/decisions/0030). A page with another origin's frame (the provider's card form) is checked the full
 * way, which is the only one that reaches into such a frame.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  const here = origin(page.url());
  const crossOrigin = page.frames().some((frame) => frame !== page.mainFrame() && /^https?:/.test(frame.url()) && origin(frame.url()) !== here);
  const result = await new AxeBuilder({ page }).setLegacyMode(!crossOrigin).disableRules(NEVER_SERIOUS)
    .options({ resultTypes: ['violations'] }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/**
 * Waits (up to a second) for the page's finite CSS transitions and animations to end, so that axe measures the colours
 * a person sees at rest: a button just pressed fades from white to blue in 150 ms, and a contrast measured halfway
 * is a violation nobody sees (CI failed on the language switch's "繁體中文" this way). Endless ones (a spinner) are
 * not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.race([
    Promise.all(document.getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
      .map((animation) => animation.finished.catch(() => undefined))),
    new Promise((resolve) => { setTimeout(resolve, 1000); }),
  ]));
}

/** The header's language switch, as a visitor uses it: the button named in its own language. */
export async function switchTo(page: Page, button: string, lang: string): Promise<void> {
  // A page served as HTML answers the switch once its scripts have run (decision 0022); <html> says when.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('group', { name: /Language|语言|語言/ }).getByRole('button', { name: button }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}
