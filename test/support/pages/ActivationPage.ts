/**
 * Page object of /activation for Playwright. Its verbs are the activation chart's events (machines/activation.machine.ts):
 * checkSim (sim.check), searchNumbers (numbers.search), pickNumber / fill (form.change), submit (activation.submit),
 * correctPortIn (portIn.submit); its checks are the chart's states and the URLs that follow them. Fields are found by the
 * draft field they edit (`data-field`), buttons by their words in the page's language.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { textOf, type Lang } from './i18nText';

export interface Card { iccid: string; code: string }
export const SEEDED = {
  fresh: { iccid: '8901260010000000013', code: '111111' },
  fresh2: { iccid: '8901260010000000021', code: '222222' },
  fresh3: { iccid: '8901260010000000039', code: '333333' },
  dealer: { iccid: '8901260010000000062', code: '666666' },
  global: { iccid: '8985230010000000088', code: '888888' },
} as const;

export class ActivationPage {
  constructor(readonly page: Page, readonly lang: Lang = 'en') {}

  t(key: string, values?: Record<string, string | number>) { return textOf(this.lang, key, values); }
  field(name: string): Locator { return this.page.locator(`[data-field="${name}"]`).first(); }
  root(): Locator { return this.page.getByTestId('activation'); }

  async state(): Promise<unknown> { return JSON.parse((await this.root().getAttribute('data-state')) ?? 'null'); }

  async useLanguage() {
    if (this.lang === 'en') return;
    await this.page.addInitScript((l) => sessionStorage.setItem('lang', JSON.stringify({ type: 'string', content: l, storage: 'session', timestamp: Date.now() })), this.lang);
  }

  /** The header's Activate SIM button leads to /activation, which opens step 1. */
  async open() {
    await this.useLanguage();
    await this.page.goto('/');
    await this.page.getByRole('link', { name: this.t('layout:header.activate') }).first().click();
    await expect(this.page).toHaveURL(/\/activation\/first$/);
    await expect(this.field('iccid')).toBeVisible();
  }

  async checkSim(card: Card, collected: 'online' | 'offline' = 'online') {
    await this.page.locator(`input[name="collected"][value="${collected}"]`).check();
    await this.field('iccid').fill(card.iccid);
    await this.field('activationCode').fill(card.code);
    await this.root().getByRole('button', { name: this.t('activation:first.submit') }).click();
  }

  /** The warning dialog of a step-1 code: its message, then OK. */
  async expectDialog(code: string) {
    const dialog = this.page.getByRole('alertdialog').or(this.page.getByRole('dialog'));
    await expect(dialog).toContainText(this.t(`errors:code.${code}`));
    await dialog.getByRole('button', { name: this.t('activation:first.dialogOk') }).click();
    await expect(dialog).toHaveCount(0);
  }

  async searchNumbers(areaCode = '626') {
    await this.field('areaCode').fill(areaCode);
    await this.root().getByRole('button', { name: this.t('activation:number.search') }).click();
  }

  async pickNumber(): Promise<string> {
    const first = this.page.locator('input[name="newNumber"]').first();
    await first.check();
    return (await first.getAttribute('value')) ?? '';
  }

  async choosePortIn(details: { carrier: string; msisdn: string; accountNumber: string; pin: string; accountZip: string }) {
    await this.page.locator('input[name="numberKind"][value="port"]').check();
    for (const [k, v] of Object.entries(details)) await this.field(`port.${k}`).fill(v);
  }

  async fillPersonal(email: string, account: { username: string; password: string } | null) {
    await this.field('birthday').fill('1990-05-01');
    await this.field('email').fill(email);
    await this.field('zip').fill('91801');
    if (account) {
      await this.field('username').fill(account.username);
      await this.field('password').fill(account.password);
      await this.field('confirm').fill(account.password);
    }
  }

  async turnOnWifiCalling() {
    await this.field('wifiCalling').check();
    await this.field('e911.address1').fill('88 Garfield Ave');
    await this.field('e911.city').fill('Alhambra');
    await this.field('e911.state').selectOption('CA');
    await this.field('e911.zip').fill('91801');
  }

  async submit() { await this.root().getByRole('button', { name: this.t('activation:second.submit') }).click(); }

  async expectHeadline(tone: 'progress' | 'success' | 'attention' | 'declined', timeout = 10_000) {
    await expect(this.root().getByText(this.t(`activation:status.headline.${tone}`))).toBeVisible({ timeout });
  }

  async correctPortIn(fields: Record<string, string>) {
    for (const [k, v] of Object.entries(fields)) await this.field(`port.${k}`).fill(v);
    await this.root().getByRole('button', { name: this.t('activation:correction.submit') }).click();
  }
}
