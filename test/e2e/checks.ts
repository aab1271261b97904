import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './fixtures';

/** What axe-core finds serious or critical on the page, one line per rule with up to three of its elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** The header's language switch, as a visitor uses it: the button named in its own language. */
export async function switchTo(page: Page, button: string, lang: string): Promise<void> {
  // A page served as HTML answers the switch once its scripts have run (decision 0022); <html> says when.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('group', { name: /Language|语言|語言/ }).getByRole('button', { name: button }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}
