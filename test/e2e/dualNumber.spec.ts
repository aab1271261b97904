import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { englishLeftovers } from './i18n-check';
import { PaymentPage } from '../support/pages/PaymentPage';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { advanceClock, balancesOf, messagesTo, signIn, testLine } from './sandbox';

/**
 * Issue 16, the US-China dual number in Chromium on the real gateway: a customer applies with the real-name form and
 * three photos (a PNG refused by its content), a reviewer approves in the staff console, the China number opens; the
 * month cannot be paid when the clock passes 30 days (paused); a card top-up resumes it with the month charged. A
 * failed review shows the reviewer's reason and the customer gives up. Three languages, axe-core clean.
 */
const PAGE = '/personal/doubleNumber/openDouble';

const photo = async (r: number) => sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g: 110, b: 90 } } })
  .withExif({ IFD0: { Make: 'E2ECam' } }).jpeg().toBuffer();

async function axeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** Starts the application and sends the form with its three photos; leaves the page under review. */
async function apply(page: Page) {
  await page.goto(PAGE);
  await expect(page.getByTestId('dual-number')).toHaveAttribute('data-dual-state', /notOpened/);
  await page.locator('[data-testid=dual-number] button.bg-blue-700').first().click();
  await expect(page.locator('form[aria-labelledby=real-name-title]')).toBeVisible();
}

async function fillAndSend(page: Page) {
  await page.selectOption('select[name=nationality]', 'HK');
  await page.selectOption('select[name=idType]', 'hkId');
  await page.fill('input[name=idName]', 'Chan Tai Man');
  await page.fill('input[name=idNumber]', 'A1234563');
  await page.fill('input[name=issuePlace]', 'Hong Kong');
  await page.fill('input[name=address]', "1 Queen's Road Central");
  for (const [slot, r] of [['handheld', 10], ['front', 60], ['back', 120]] as const) {
    await page.setInputFiles(`input[name=${slot}]`, { name: `${slot}.jpg`, mimeType: 'image/jpeg', buffer: await photo(r) });
    await expect(page.getByTestId(`photo-${slot}`)).toHaveAttribute('data-uploaded', 'true');
  }
  await page.locator('form[aria-labelledby=real-name-title] button[type=submit]').click();
  await expect(page.getByTestId('under-review')).toBeVisible();
}

/** The reviewer's browser: the console's own login, the queue, the application of `usNumber`. */
async function openInConsole(staff: Page, usNumberShown: string) {
  await staff.goto('/staff/reviews');
  await expect(staff).toHaveURL(/\/staff\/login/);
  await staff.fill('input[name=email]', 'reviewer@linkbridge.test');
  await staff.fill('input[name=password]', 'Review@2468');
  await staff.locator('form button[type=submit]').click();
  const row = staff.locator('[data-testid=review-queue] tr', { hasText: usNumberShown });
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(staff.getByTestId('review-detail')).toHaveAttribute('data-status', 'underReview');
  await expect(staff.getByText('A1234563')).toBeVisible();
  await expect(staff.locator('figure img')).toHaveCount(3);
}

const shown = (phone: string) => `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

test.describe('US-China dual number', () => {
  test('applies, is approved in the staff console, opens; pauses when the month cannot be paid; a top-up resumes it', async ({ page, request, browser, baseURL }) => {
    test.setTimeout(240_000);
    const line = await testLine(request, { generalCents: 0, months: 3 });
    await signIn(page, request, baseURL!, line);
    await apply(page);
    await axeClean(page, 'real-name form');
    // Nothing sent yet: every rule of spec section 5 is shown next to its field or photo.
    await page.locator('form[aria-labelledby=real-name-title] button[type=submit]').click();
    await expect(page.getByText('Enter your name as it is printed on the document.')).toBeVisible();
    await expect(page.getByText('Add this photo (JPG, at most 1 MB).')).toHaveCount(3);
    // A PNG called .jpg is refused by its content, with the spec's message, and what was typed stays.
    await page.fill('input[name=idName]', 'Chan Tai Man');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#abc' } }).png().toBuffer();
    await page.setInputFiles('input[name=front]', { name: 'front.jpg', mimeType: 'image/jpeg', buffer: png });
    await expect(page.getByText('Only JPG pictures can be uploaded. Save the photo as a JPG and choose it again.')).toBeVisible();
    await expect(page.locator('input[name=idName]')).toHaveValue('Chan Tai Man');
    await fillAndSend(page);
    await axeClean(page, 'under review');

    const staffContext = await browser.newContext({ baseURL });
    const staff = await staffContext.newPage();
    await openInConsole(staff, shown(line.phone));
    await axeClean(staff, 'staff review');
    await staff.getByRole('button', { name: 'Approve and open the China number' }).click();
    await expect(staff.getByTestId('review-detail')).toHaveAttribute('data-status', 'approved');
    await expect(staff.getByTestId('review-log')).toContainText('approved');
    await staffContext.close();

    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByTestId('dual-opened')).toBeVisible({ timeout: 30_000 });
    const china = (await page.getByTestId('china-number').textContent())!;
    expect(china).toMatch(/^\+86 170 \d{4} \d{4}$/);
    await axeClean(page, 'opened');
    await expect.poll(async () => (await messagesTo(request, line.phone)).some((m) => m.body.includes('is open'))).toBe(true);

    // The month is due (the sandbox brings the period's end to 10 minutes from now, so the clock moves minutes, not the
    // month that would expire every other customer's plan of this gateway); the General account holds $0: paused, and
    // the page says why and what to do.
    const shortened = await request.post('/sandbox/api/dualNumber/periodEndsIn', { data: { msisdn: line.phone, minutes: 10 } });
    expect(shortened.ok()).toBe(true);
    await advanceClock(request, 11 * 60_000);
    await expect.poll(async () => {
      await page.goto(PAGE);
      return page.getByTestId('dual-number').getAttribute('data-dual-state');
    }, { timeout: 60_000 }).toBe('paused');
    await expect(page.getByText(/can't pay the next 30 days \(\$1\.99\)/)).toBeVisible();
    await axeClean(page, 'paused');

    // A card top-up of $10 to the General account resumes it, with a full month charged.
    await page.goto('/personal/pay/changeAccount');
    await page.locator('[data-field="amount"]').fill('10');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const payment = new PaymentPage(page);
    await payment.chooseMethod('bank_card');
    await payment.typeCard({ ...TEST_CARDS.visa, postalCode: '94103' });
    await payment.typeCardholder('Dual Tester');
    await payment.submit();
    await expect(page.getByText('Top-up successful')).toBeVisible();
    await expect.poll(async () => {
      await page.goto(PAGE);
      return page.getByTestId('dual-number').getAttribute('data-dual-state');
    }, { timeout: 60_000 }).toBe('opened');
    await expect(page.getByTestId('china-number')).toHaveText(china);
    expect((await balancesOf(page)).generalCents).toBe(1000 - 199);
    await page.goto('/mybill');
    await expect(page.getByText('US-China dual number, 30 days').first()).toBeVisible();
  });

  test('a failed review shows the reviewer\'s reason in Chinese; the customer gives up and the offer is back', async ({ page, request, browser, baseURL }) => {
    test.setTimeout(180_000);
    const line = await testLine(request, { generalCents: 500, months: 3 });
    await signIn(page, request, baseURL!, line);
    await page.goto(PAGE);
    await switchTo(page, '简体', 'zh-Hans');
    await page.locator('[data-testid=dual-number] button.bg-blue-700').first().click();
    await expect(page.locator('form[aria-labelledby=real-name-title]')).toBeVisible();
    await fillAndSend(page);

    const staffContext = await browser.newContext({ baseURL });
    const staff = await staffContext.newPage();
    await openInConsole(staff, shown(line.phone));
    await staff.getByRole('button', { name: 'Fail the review' }).click();
    await expect(staff.getByText('Write the reason the customer will read.')).toBeVisible();
    // The reviewer writes to a customer who reads Chinese in Chinese (the reason is shown as written).
    await staff.fill('#reject-reason', '证件背面照片模糊，请重新拍摄。');
    await staff.getByRole('button', { name: 'Fail the review' }).click();
    await expect(staff.getByTestId('review-detail')).toHaveAttribute('data-status', 'rejected');
    await staffContext.close();

    await page.getByRole('button', { name: '刷新状态' }).click();
    await expect(page.getByTestId('audit-failed')).toContainText('证件背面照片模糊，请重新拍摄。');
    await expect(page.getByTestId('audit-failed')).toContainText('审核意见');
    expect(await englishLeftovers(page), 'English left on the failed review').toEqual([]);
    await axeClean(page, 'audit failed');
    await page.getByRole('button', { name: '放弃申请' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('确定放弃申请吗？');
    await page.getByRole('button', { name: '确定放弃' }).click();
    await expect(page.getByTestId('dual-number')).toHaveAttribute('data-dual-state', 'notOpened');
    await expect.poll(async () => (await messagesTo(request, line.phone)).some((m) => m.body.includes('未通过'))).toBe(true);
  });

  for (const [code, button] of [['zh-Hant', '繁體'], ['zh-Hans', '简体']] as const) {
    test(`the promotion, the page and the staff login read in ${code}, axe-core clean`, async ({ page, request, baseURL }) => {
      await page.goto('/personal/doubleNumber/publicity');
      await switchTo(page, button, code);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await englishLeftovers(page), 'English left on the promotion').toEqual([]);
      await axeClean(page, 'promotion');
      const line = await testLine(request, { months: 3 });
      await signIn(page, request, baseURL!, line);
      await page.goto(PAGE);
      await expect(page.getByTestId('dual-number')).toHaveAttribute('data-dual-state', 'notOpened');
      expect(await englishLeftovers(page), 'English left on the dual number page').toEqual([]);
      await axeClean(page, 'dual number page');
      await page.goto('/staff/login');
      await expect(page.locator('#staff-login-title')).toBeVisible();
      expect(await englishLeftovers(page), 'English left on the staff login').toEqual([]);
      await axeClean(page, 'staff login');
    });
  }
});
