import { expect, test, type APIRequestContext } from './fixtures';
import { seriousViolations } from './checks';
import { englishLeftovers } from './i18n-check';
import { CheckoutPage, BUYER, CA_ADDRESS } from '../support/pages/CheckoutPage';
import { PaymentPage } from '../support/pages/PaymentPage';
import { TEST_CARDS } from '../../src/server/adapters/payments/testValues';
import { messagesTo } from './sandbox';
import { textOf } from '../support/pages/i18nText';

/**
 * The student purchase (issue 18 section 4, decision 0045) in Chromium against the real gateway: the plan page's
 * student link opens the form with "I am a student" on; a school email of no academic domain is refused next to it;
 * the code is read from the sandbox inbox; the order is paid with the sandbox card and its result keeps the student.
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const card = (c: { number: string; exp: string; cvv: string }) => ({ number: c.number, exp: c.exp, cvv: c.cvv, postalCode: CA_ADDRESS.zip });

/** The gateway's day (the sandbox clock), not the browser's: the departure date two weeks after it. */
async function departureFromGateway(request: APIRequestContext): Promise<string> {
  const res = await request.post('/sandbox/api/clock/advance', { data: { ms: 1 } });
  const body = (await res.json()) as { data?: { now?: string }; now?: string };
  const now = body.data?.now ?? body.now ?? '';
  return new Date(Date.parse(now) + 14 * 86_400_000).toISOString().slice(0, 10);
}

for (const [lang, locale] of [['en', 'en-US'], ['zh-Hans', 'zh-CN']] as const) {
  test.describe(`student purchase in ${lang}`, () => {
    test.use({ locale });
    test(`buys as a student: code from the sandbox inbox, sandbox card, axe clean (${lang})`, async ({ page, request }) => {
      test.setTimeout(150_000);
      const tl = (key: string, values?: Record<string, string | number>) => textOf(lang, key, values);
      const checkout = new CheckoutPage(page, lang);
      const payment = new PaymentPage(page, lang);
      const edu = `mei.${stamp()}@ucla.edu`;
      const departure = await departureFromGateway(request);

      await checkout.useLanguage();
      await page.goto('/plans/propagate');
      await expect(page.getByRole('heading', { name: tl('plans:student.title') })).toBeVisible();
      expect(await seriousViolations(page), 'plans page').toEqual([]);
      await page.getByRole('link', { name: tl('plans:student.buy') }).first().click();
      await checkout.expectEditing();
      await expect(page.getByTestId('student-fields')).toBeVisible();

      await checkout.change('student.school', 'University of California, Los Angeles');
      await checkout.change('student.grade', 'masters');
      await checkout.change('student.departureDate', departure);
      // Not a school address: refused next to it, nothing typed lost.
      await checkout.change('student.eduEmail', `mei.${stamp()}@gmail.com`);
      await page.getByRole('button', { name: tl('checkout:student.sendCode') }).click();
      await checkout.expectFieldError('student.eduEmail', tl('validation:student.eduEmail.academic'));
      await expect(checkout.field('student.school')).toHaveValue('University of California, Los Angeles');

      await checkout.change('student.eduEmail', edu);
      await page.getByRole('button', { name: tl('checkout:student.sendCode') }).click();
      await expect(page.getByText(edu, { exact: true })).toBeVisible();
      // "Send a new code" counts down the gateway's wait (60 s), focusable but not pressable; the wait is said once.
      const resend = page.getByTestId('student-send-code');
      await expect(resend).toHaveAccessibleName(tl('checkout:student.resendCode'));
      await expect(resend).toHaveAttribute('aria-disabled', 'true');
      await expect(resend).toContainText(/\d+/);
      await expect(page.getByRole('status').filter({ hasText: tl('checkout:student.resendAnnounce_other', { count: 60 }) })).toHaveCount(1);
      await expect.poll(async () => (await messagesTo(request, edu)).length, { timeout: 20_000 }).toBeGreaterThan(0);
      const code = (await messagesTo(request, edu))[0]!.body.match(/\b(\d{6})\b/)![1]!;
      await checkout.change('student.eduCode', code);
      await page.getByRole('button', { name: tl('checkout:student.verify') }).click();
      await expect(page.getByRole('button', { name: tl('checkout:student.verify') })).toHaveCount(0);
      await expect(page.getByText(edu, { exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'form with the student verified').toEqual([]);
      if (lang !== 'en') expect(await englishLeftovers(page), 'form English').toEqual([]);

      await checkout.fillBuyer({ ...BUYER, email: `buyer.${stamp()}@example.com` });
      await checkout.fillAddress('billing', CA_ADDRESS);
      await checkout.confirmAll();
      await checkout.submit();
      await checkout.expectPaying();
      await payment.typeCard(card(TEST_CARDS.visa));
      await payment.typeCardholder('Mei Lin');
      await payment.submit();
      await checkout.expectResult();
      expect(await seriousViolations(page), 'result page').toEqual([]);

      // The order keeps the student information (read as its buyer, with the order token this browser kept).
      const orderNo = checkout.orderNoFromUrl();
      const student = await page.evaluate(async (no) => {
        const tokens = JSON.parse(localStorage.getItem('orders/tokens') ?? 'null') as { content: Record<string, { token: string }> } | null;
        const res = await fetch('/gateway/pcapp/api/v1/order/detail', {
          method: 'POST', headers: { 'content-type': 'application/json', CHANNEL: 'eshop', 'X-Order-Token': tokens?.content[no]?.token ?? '' }, body: JSON.stringify({ orderNo: no }),
        });
        return ((await res.json()) as { data?: { student?: unknown } }).data?.student;
      }, orderNo);
      expect(student).toMatchObject({ school: 'University of California, Los Angeles', grade: 'masters', departureDate: departure, eduEmail: edu });

      // Staff find it in the console's student orders, with what it keeps, in the same language.
      const staff = await page.context().newPage();
      await staff.goto('/staff/students');
      await expect(staff).toHaveURL(/\/staff\/login/);
      await staff.fill('input[name=email]', 'reviewer@linkbridge.test');
      await staff.fill('input[name=password]', 'Review@2468');
      await staff.locator('form button[type=submit]').click();
      await expect(staff).toHaveURL(/\/staff\/students$/);
      const row = staff.getByTestId('staff-student-order').filter({ hasText: orderNo });
      await expect(row).toContainText('University of California, Los Angeles');
      await expect(row).toContainText(tl('checkout:student.grades.masters'));
      await expect(row).toContainText(new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${departure}T00:00:00Z`)));
      await expect(row).toContainText(edu);
      // The console's navigation marks the tab open, and only it.
      const tabs = staff.getByRole('navigation').getByRole('link');
      await expect(tabs.and(staff.locator('[aria-current=page]'))).toHaveText([tl('staff:frame.students')]);
      expect(await seriousViolations(staff), 'staff student orders').toEqual([]);
      if (lang !== 'en') expect(await englishLeftovers(staff), 'staff English').toEqual([]);
      await staff.close();
    });
  });
}
