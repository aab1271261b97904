import { expect, test, type Page } from './fixtures';

/**
 * The header's menus and drawer (decision 0023): their code (Radix) is not in a page's first load and comes with the
 * first open, which behaves as Radix's own: a pointer press opens the menu, Enter opens it on its first item, Escape
 * closes it and gives focus back to its trigger; the mobile drawer likewise.
 */

/** Scripts whose file names the lazily loaded parts, as fetched since `watch` began. */
function watchScripts(page: Page) {
  const fetched: string[] = [];
  page.on('request', (req) => { if (req.resourceType() === 'script') fetched.push(new URL(req.url()).pathname); });
  return { named: (part: string) => fetched.filter((p) => p.includes(`/${part}-`)) };
}

test.describe('header menus', () => {
  test('the first load of / fetches no menu or dialog code; the first press does, and the menu opens', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.named('MenuPopup')).toEqual([]);
    expect(scripts.named('FeedbackDialog')).toEqual([]);
    expect(scripts.named('logoutChart')).toEqual([]);
    // The session chart and the error catalogue come with the first call that fails (payment.spec.ts's 120087 loads them).
    expect(scripts.named('errorHandling')).toEqual([]);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Support' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    expect(scripts.named('MenuPopup')).toHaveLength(1);
    await expect(menu.getByRole('menuitem').first()).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(nav.getByRole('button', { name: 'Support' })).toBeFocused();
  });

  test('Enter on the trigger opens the menu on its first item, arrows move, the item links where it says', async ({ page }) => {
    await page.goto('/plans/propagate');
    await expect(page.getByRole('main')).toBeVisible();
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    // A visitor's account items go to the login page, coming back to the item after.
    await expect(items.first()).toHaveAttribute('href', /^\/login\?redirect=%2F/);
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();
    // Opened again, it is Radix's own trigger now.
    await trigger.click();
    await expect(page.getByRole('menu')).toBeVisible();
  });

  test('the mobile drawer opens on the first press, closes with Escape and gives focus back', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    await hamburger.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    // While the modal drawer is open the page behind it is hidden from assistive technology, the hamburger with it.
    await expect(page.locator('button[aria-label="Open menu"]')).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('link', { name: 'eSIM' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(hamburger).toBeFocused();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });
});
