import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Page object of the plan pages (/plans/propagate, /plans/{slug}, /plans/global, /esim). Verbs are what a visitor
 * does: choose the months and the SIM type, read a plan's price, buy.
 */
export class PlansPage {
  constructor(readonly page: Page) {}

  /** The page is served as HTML (decision 0022); the e2e fixture's goto waits until its scripts have hydrated it. */
  async open(path = '/plans') {
    await this.page.goto(path);
    await expect(this.page.locator('main h1').first()).toBeVisible();
  }

  plan(slug: string): Locator {
    return this.page.getByTestId(`plan-${slug}`);
  }

  /** The months choice is a radio group; its options read "3 months" and so on. */
  async chooseMonths(months: 1 | 3 | 6 | 12) {
    await this.choose(this.page.getByRole('radio', { name: new RegExp(`^${months} months?`) }));
    await expect(this.page).toHaveURL(new RegExp(`months=${months}`));
  }

  async chooseSimType(simType: 'physical' | 'esim') {
    await this.choose(this.page.getByRole('radio', { name: simType === 'esim' ? /^eSIM/ : /^Physical SIM/ }));
    await expect(this.page).toHaveURL(new RegExp(`simType=${simType}`));
  }

  /** The radio itself is visually hidden: a visitor clicks its label, the segment they see. */
  private async choose(radio: Locator) {
    await radio.locator('xpath=ancestor::label').click();
    await expect(radio).toBeChecked();
  }

  perMonth(slug: string): Locator {
    return this.plan(slug).getByTestId('per-month');
  }

  total(slug: string): Locator {
    return this.plan(slug).getByTestId('total');
  }

  buyLink(slug: string): Locator {
    return this.plan(slug).getByRole('link', { name: /^Buy the / });
  }

  async switchLanguage(button: 'English' | '简体中文' | '繁體中文', lang: string) {
    await this.page.getByRole('group', { name: /Language|语言|語言/ }).getByRole('button', { name: button }).first().click();
    await expect(this.page.locator('html')).toHaveAttribute('lang', lang);
  }

  async meta(): Promise<{ title: string; description: string }> {
    return {
      title: await this.page.title(),
      description: (await this.page.locator('meta[name="description"]').getAttribute('content')) ?? '',
    };
  }
}
