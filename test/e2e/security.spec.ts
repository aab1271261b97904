import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { englishLeftovers } from './i18n-check';
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '../../src/contract/orders';
import { securityConvert } from '../../src/contract/security';
import { advanceClock, latestCode, messagesTo, signIn, testLine } from './sandbox';

/**
 * Issue 16, SIM-swap and port-out protection (FCC 23-95) in Chromium on the real gateway: the number lock refuses a
 * conversion; turned off after re-authentication, the line converts to an eSIM (the QR by email) and back to its card
 * (a code by email this time), with a notice by SMS and email each time; a transfer PIN is shown once and a port-out
 * request is checked against it; /cpni-out, logged out. Three languages, axe-core clean.
 */
const SECURITY = '/personal/security';
const CONVERT = '/person/conversionCard';

async function axeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** The re-authentication panel: a code by SMS (to the line) or email, then the code and the password. */
async function reauth(page: Page, request: APIRequestContext, to: { channel: 'sms' | 'email'; address: string }, password: string, confirm: string) {
  const panel = page.getByTestId('reauth');
  await expect(panel).toBeVisible();
  // One code a minute per account and number: the server's clock moves on between the steps of this journey.
  await advanceClock(request, 61_000);
  const before = (await messagesTo(request, to.address)).length;
  await panel.getByRole('button', { name: to.channel === 'sms' ? 'Text a code to my number' : /Email me a code/ }).click();
  await expect(panel.getByRole('status')).toBeVisible();
  let code = '';
  await expect.poll(async () => {
    const messages = await messagesTo(request, to.address);
    code = messages.length > before ? messages[0]!.body.match(/\b(\d{6})\b/)?.[1] ?? '' : '';
    return code;
  }).toMatch(/^\d{6}$/);
  await panel.locator('input[name=code]').fill(code);
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: confirm }).click();
}

test.describe('SIM-swap and port-out protection', () => {
  test('the lock refuses a conversion; unlocked, the line moves to an eSIM and back, with notices; a PIN moves the number once', async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    const line = await testLine(request, { simType: 'physical', months: 3 });
    const email = `${line.username}@example.com`;
    await signIn(page, request, baseURL!, line);

    await page.goto(SECURITY);
    await expect(page.getByTestId('lock-state')).toHaveText('Off');
    await axeClean(page, 'number security');
    await page.getByRole('button', { name: 'Turn the lock on' }).click();
    await expect(page.getByTestId('lock-state')).toHaveText('On');
    await expect.poll(async () => (await messagesTo(request, email)).some((m) => m.subject === 'Your number lock is on')).toBe(true);

    // Locked: the page offers no conversion, and the gateway refuses one asked all the same (a stale tab, a script).
    await page.goto(CONVERT);
    await expect(page.getByTestId('conversion')).toHaveAttribute('data-sim', 'physical');
    await expect(page.getByText("Your number is locked, so its SIM can't be changed.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move my number to an eSIM' })).toHaveCount(0);
    const refused = await page.request.post(securityConvert.path, {
      headers: { CHANNEL: 'eshop', [IDEMPOTENCY_HEADER]: randomUUID() }, data: { direction: 'toEsim', code: '123456', password: line.password },
    });
    expect(refused.status()).toBe(423);
    expect(((await refused.json()) as { code: string }).code).toBe('numberLocked');
    await page.reload();
    await expect(page.getByTestId('conversion')).toHaveAttribute('data-sim', 'physical');

    // Unlocked after re-authentication (a wrong password first: the message is next to the field).
    await page.goto(SECURITY);
    await page.getByRole('button', { name: 'Turn the lock off' }).click();
    await reauth(page, request, { channel: 'sms', address: line.phone }, 'Wrong@2468x', 'Turn the lock off');
    await expect(page.getByTestId('reauth').getByText('The password is incorrect.', { exact: false })).toBeVisible();
    await page.getByTestId('reauth').locator('input[name=password]').fill(line.password);
    await page.getByTestId('reauth').getByRole('button', { name: 'Turn the lock off' }).click();
    await expect(page.getByTestId('lock-state')).toHaveText('Off');

    // Physical to eSIM: the card is void, the QR emailed, the customer told by SMS and email.
    await page.goto(CONVERT);
    await page.getByRole('button', { name: 'Move my number to an eSIM' }).click();
    await reauth(page, request, { channel: 'sms', address: line.phone }, line.password, 'Move my number to an eSIM');
    await expect(page.getByText('Your number now runs on an eSIM.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('conversion')).toHaveAttribute('data-sim', 'esim');
    await axeClean(page, 'converted');
    await expect.poll(async () => (await messagesTo(request, email)).map((m) => m.subject)).toEqual(expect.arrayContaining(['Your eSIM QR code', 'Your number moved to an eSIM']));
    expect((await messagesTo(request, line.phone)).some((m) => m.body.includes('moved to an eSIM') && m.body.includes('611'))).toBe(true);

    // And back, proving it by email (the phone may be the one lost).
    await page.getByRole('button', { name: 'Move back to my SIM card' }).click();
    await reauth(page, request, { channel: 'email', address: email }, line.password, 'Move my number back to the SIM card');
    await expect(page.getByTestId('conversion')).toHaveAttribute('data-sim', 'physical');
    await expect.poll(async () => (await messagesTo(request, email)).some((m) => m.subject === 'Your number moved back to your SIM card')).toBe(true);

    // A transfer PIN, shown once; the new carrier's request with it is accepted once, then refused.
    await page.goto(SECURITY);
    await page.getByRole('button', { name: 'Create a transfer PIN' }).click();
    await reauth(page, request, { channel: 'sms', address: line.phone }, line.password, 'Create the PIN');
    const pin = (await page.getByTestId('pin-value').textContent())!;
    const accountNumber = (await page.getByTestId('transfer-pin').locator('dd').first().textContent())!;
    expect(pin).toMatch(/^\d{8}$/);
    const ask = async () => ((await (await request.post('/sandbox/api/portOut', { data: { msisdn: line.phone, accountNumber, pin, carrier: 'Other Wireless' } })).json()) as { data: { outcome: string } }).data.outcome;
    expect(await ask()).toBe('accepted');
    expect(await ask()).toBe('refused');
    await page.reload();
    await expect(page.getByTestId('port-out-requests')).toContainText('Other Wireless · accepted');
    await expect(page.getByTestId('port-out-requests')).toContainText('refused (no valid PIN)');
  });

  test('/cpni-out, logged out: the line proven by a code, the choice kept; a wrong code says so', async ({ page, request }) => {
    const line = await testLine(request, { months: 3 });
    await page.goto('/cpni-out');
    await axeClean(page, 'cpni');
    await page.locator('input[name=phone]').fill('123');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expect(page.getByTestId('cpni')).toHaveAttribute('data-state', 'enteringPhone');
    await page.locator('input[name=phone]').fill(line.phone);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expect(page.getByTestId('cpni')).toHaveAttribute('data-state', 'choosing');
    const code = await latestCode(request, line.phone);
    await page.locator('input[name=code]').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Save my choice' }).click();
    await expect(page.getByTestId('cpni')).toHaveAttribute('data-state', 'choosing');
    await page.locator('input[name=code]').fill(code);
    await page.getByRole('button', { name: 'Save my choice' }).click();
    await expect(page.getByText(/Saved: we won't use your CPNI for offers/)).toBeVisible();
  });

  for (const [lang, button] of [['zh-Hans', '简体'], ['zh-Hant', '繁體']] as const) {
    test(`number security, the conversion page and /cpni-out read in ${lang}, axe-core clean`, async ({ page, request, baseURL }) => {
      const line = await testLine(request, { simType: 'physical', months: 3 });
      await signIn(page, request, baseURL!, line);
      await page.goto(SECURITY);
      await switchTo(page, button, lang);
      for (const path of [SECURITY, CONVERT, '/cpni-out']) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
        expect(await englishLeftovers(page), `English left on ${path}`).toEqual([]);
        await axeClean(page, path);
      }
    });
  }
});
