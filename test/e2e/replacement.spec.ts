import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { englishLeftovers } from './i18n-check';
import { advanceClock, messagesTo, signIn, testLine } from './sandbox';

/**
 * Issue 16 section 4, SIM replacement (decision 0037), in Chromium on the real gateway: a customer orders a free new SIM
 * for their number on /personal/upgradeNewCard (a wrong step first: what was typed stays), proves it is them by a code
 * to their email and their password, follows the parcel, and activates the new card with the ICCID and code printed in
 * it (a wrong code first): the number moves, the old card stops, and the customer is told by SMS and email each time.
 * The number lock refuses a replacement. Three languages, axe-core clean.
 */
const PAGE = '/personal/upgradeNewCard';

async function axeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

interface Parcel { shipped: boolean; shipsAt: string; contents: { iccid: string; activationCode: string }[] | null }

/** The carrier's parcel of the order, shipped now by moving the sandbox clock past its pick-up time (minutes, not days). */
async function shipParcel(request: APIRequestContext, orderNo: string): Promise<{ iccid: string; activationCode: string }> {
  let parcel: Parcel | null = null;
  await expect.poll(async () => {
    const res = await request.get(`/sandbox/api/parcels/${orderNo}`);
    parcel = res.ok() ? ((await res.json()) as { data: Parcel }).data : null;
    return parcel !== null;
  }, { message: 'fulfilment asks the carrier for a parcel' }).toBe(true);
  const now = ((await (await request.post('/sandbox/api/clock/advance', { data: { ms: 1 } })).json()) as { data: { now: string } }).data.now;
  await advanceClock(request, Math.max(0, Date.parse(parcel!.shipsAt) - Date.parse(now)) + 1_000);
  await expect.poll(async () => {
    parcel = ((await (await request.get(`/sandbox/api/parcels/${orderNo}`)).json()) as { data: Parcel }).data;
    return parcel.shipped && Boolean(parcel.contents?.length);
  }).toBe(true);
  return parcel!.contents![0]!;
}

test.describe('SIM replacement', () => {
  test('order a new SIM after re-authentication, follow it, activate it: the number moves and the old card stops', async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    const line = await testLine(request, { simType: 'physical', months: 3 });
    const email = `${line.username}@example.com`;
    await signIn(page, request, baseURL!, line);

    await page.goto(PAGE);
    const screen = page.getByTestId('replacement');
    await expect(screen).toHaveAttribute('data-replacement', 'none');
    await expect(page.getByRole('heading', { level: 1, name: 'New SIM card' })).toBeVisible();
    await axeClean(page, 'new SIM card');
    await page.getByRole('button', { name: 'Order a new SIM card' }).click();

    // The form: nothing chosen yet, a ZIP of another state; each message next to its field, nothing typed lost.
    const form = page.getByTestId('replacement-form');
    await form.locator('input[name=firstNameEn]').fill('Mei');
    await form.locator('input[name=lastNameEn]').fill('Chen');
    await form.locator('input[name=phone]').fill('6265550188');
    await form.locator('input[name=address1]').fill('88 Garfield Ave');
    await form.locator('input[name=city]').fill('Alhambra');
    await form.locator('select[name=state]').selectOption('CA');
    await form.locator('input[name=zip]').fill('10001');
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(form.getByText('Choose why you need a new SIM.')).toBeVisible();
    await expect(form.locator('input[name=zip]')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('input[name=address1]')).toHaveValue('88 Garfield Ave');
    await axeClean(page, 'the form with its errors');
    await form.getByLabel('My phone or SIM was lost or stolen').check();
    await expect(form.getByText('choose the code by email', { exact: false })).toBeVisible();
    await form.locator('input[name=zip]').fill('91801');
    await form.getByRole('button', { name: 'Continue' }).click();

    // Is it you? The phone is lost: the code goes to the email.
    const panel = page.getByTestId('reauth');
    await expect(panel).toBeVisible();
    await advanceClock(request, 61_000);
    const before = (await messagesTo(request, email)).length;
    await panel.getByRole('button', { name: 'Email me a code' }).click();
    await expect(panel.getByRole('status')).toBeVisible();
    let code = '';
    await expect.poll(async () => {
      const messages = await messagesTo(request, email);
      code = messages.length > before ? messages[0]!.body.match(/\b(\d{6})\b/)?.[1] ?? '' : '';
      return code;
    }).toMatch(/^\d{6}$/);
    await panel.locator('input[name=code]').fill(code);
    await panel.locator('input[name=password]').fill('Wrong@2468x');
    await panel.getByRole('button', { name: 'Order the new SIM' }).click();
    await expect(panel.getByText('The password is incorrect.', { exact: false })).toBeVisible();
    await expect(panel.locator('input[name=code]')).toHaveValue(code);
    await panel.locator('input[name=password]').fill(line.password);
    await panel.getByRole('button', { name: 'Order the new SIM' }).click();

    await expect(page.getByText("Your new SIM is ordered. We've sent you a text and an email.")).toBeVisible();
    await expect(screen).toHaveAttribute('data-replacement', 'ordered');
    await expect(page.getByRole('heading', { name: 'Your new SIM is being prepared' })).toBeVisible();
    await expect(page.getByText('Alhambra, CA', { exact: false })).toBeVisible();
    await axeClean(page, 'ordered');
    await expect.poll(async () => (await messagesTo(request, email)).map((m) => m.subject)).toContain('A replacement SIM was ordered for your number');
    expect((await messagesTo(request, line.phone)).some((m) => m.body.includes('replacement SIM') && m.body.includes('611'))).toBe(true);
    const orderNo = (await page.getByTestId('replacement-progress').locator('[translate=no]').first().textContent())!.trim();

    // The carrier ships it: the page shows the tracking and asks for the card's numbers.
    const card = await shipParcel(request, orderNo);
    await expect.poll(async () => { await page.reload(); return screen.getAttribute('data-replacement'); }).toBe('shipped');
    await expect(page.getByRole('heading', { name: 'Your new SIM is on its way' })).toBeVisible();
    // The account's home points to it too.
    await page.goto('/personal');
    await expect(page.getByTestId('portal-replacement')).toHaveAttribute('data-state', 'shipped');
    await page.getByRole('link', { name: 'Activate the new SIM' }).click();
    await expect(screen).toHaveAttribute('data-replacement', 'shipped');
    await expect.poll(async () => (await messagesTo(request, email)).map((m) => m.subject)).toContain(`Your replacement SIM is on its way (order ${orderNo})`);
    await axeClean(page, 'shipped');

    // "My orders" lists the card with the plan orders: named as a replacement, free, with its tracking number.
    await page.goto('/personal/myorder');
    const listed = page.getByTestId('order').filter({ hasText: orderNo });
    await expect(listed).toContainText('Replacement SIM card · Free');
    await expect(listed).toContainText('No charge');
    await expect(listed).not.toContainText('Paid');
    await listed.getByRole('link', { name: 'View details' }).click();
    await expect(listed).toContainText("1 × physical SIM, a replacement for your line's card");
    // Nothing was paid, so no payment of $0.00 from an account is listed.
    await expect(listed).toContainText('Nothing was charged for this order.');
    await expect(listed).not.toContainText('$0.00');
    await expect(listed).toContainText('Tracking');
    await axeClean(page, 'my orders');
    await page.goto(PAGE);
    await expect(screen).toHaveAttribute('data-replacement', 'shipped');

    await page.locator('input[name=iccid]').fill(card.iccid);
    await page.locator('input[name=activationCode]').fill(card.activationCode === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Move my number to the new SIM' }).click();
    await expect(page.locator('input[name=activationCode]')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('input[name=iccid]')).toHaveValue(card.iccid);
    await page.locator('input[name=activationCode]').fill(card.activationCode);
    await page.getByRole('button', { name: 'Move my number to the new SIM' }).click();
    await expect(page.getByText('Done: your number now runs on the new SIM card.')).toBeVisible();
    await expect(screen).toHaveAttribute('data-replacement', 'moved');
    await expect(page.getByText(`ICCID ending ${card.iccid.slice(-4)}`, { exact: false })).toBeVisible();
    await axeClean(page, 'moved');
    await expect.poll(async () => (await messagesTo(request, email)).map((m) => m.subject)).toContain('Your number moved to your new SIM card');

    // The old card stops: activation step 1 calls it void; the security page lists the change.
    await page.goto('/personal/security');
    await expect(page.getByText('Moved to a new SIM card', { exact: false })).toBeVisible();

    // The page in the two Chinese scripts, nothing left in English.
    await page.goto(PAGE);
    for (const [lang, button] of [['zh-Hans', '简体'], ['zh-Hant', '繁體']] as const) {
      await switchTo(page, button, lang);
      await expect(screen).toHaveAttribute('data-replacement', 'moved');
      await expect(page.getByRole('heading', { level: 1, name: lang === 'zh-Hans' ? '更换新 SIM 卡' : '更換新 SIM 卡' })).toBeVisible();
      expect(await englishLeftovers(page), lang).toEqual([]);
      await axeClean(page, lang);
    }
    // My orders in Chinese names the card too.
    await page.goto('/personal/myorder');
    await expect(page.getByTestId('order').filter({ hasText: orderNo })).toContainText('更換 SIM 卡 · 免費');
    expect(await englishLeftovers(page), 'my orders').toEqual([]);
  });

  test('the number lock refuses a replacement: the page says why and where to turn it off', async ({ page, request, baseURL }) => {
    const line = await testLine(request, { simType: 'physical', months: 1 });
    await signIn(page, request, baseURL!, line);
    await page.goto('/personal/security');
    await page.getByRole('button', { name: 'Turn the lock on' }).click();
    await expect(page.getByTestId('lock-state')).toHaveText('On');
    await page.goto(PAGE);
    await expect(page.getByText("Your number lock is on, so a new SIM can't be ordered or activated.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Order a new SIM card' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Turn it off in Number security' })).toHaveAttribute('href', '/personal/security');
    await axeClean(page, 'locked');
  });
});
