import { expect, test, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { englishLeftovers } from './i18n-check';
import { ActivationPage } from '../support/pages/ActivationPage';
import { advanceClock, boughtEsim, signIn, testLine } from './sandbox';
import { endpoints } from '../../src/contract';
import type { ReferralProgramme } from '../../src/contract/referral';

/**
 * Issue 18 section 5, the referral programme in Chromium on the real gateway (decision 0041): /ReferAFriend shows the
 * rules, the current promotion and the past ones in the three languages; a customer sees their code and share link; the
 * link opens the invitation and carries the code into checkout; a friend buys an eSIM with the code and activates it,
 * the referral is pending while the 35 days run, the sandbox brings them a minute close (the gateway's clock moves a
 * minute, not 35 days), and the referral is credited with its expiry date. axe-core clean in every state.
 */
const PAGE = '/ReferAFriend';

async function axeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** The signed-in customer's referral programme, as the page reads it. */
async function programmeOf(page: Page): Promise<ReferralProgramme> {
  const res = await page.request.post(endpoints.referralProgramme.path, { headers: { CHANNEL: 'eshop' } });
  return ((await res.json()) as { data: ReferralProgramme }).data;
}

test.describe('refer a friend', () => {
  test('the programme in three languages; the share link opens the invitation and fills the code in at checkout', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Refer a friend' })).toBeVisible();
    await expect(page.getByText('A friend brings their number from another carrier (port-in): $25 for you and $20 for your friend.')).toBeVisible();
    await expect(page.getByTestId('referral-current')).toContainText('referrals count until');
    await expect(page.getByText('An earlier edition paid rising rewards', { exact: false })).toBeVisible();
    await expect(page.getByText(/September 15, 2025 to November 25, 2025, counted until December 30, 2025/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' }).last()).toBeVisible();
    await axeClean(page, 'visitor, English');
    await switchTo(page, '简体', 'zh-Hans');
    await expect(page.getByRole('heading', { level: 1, name: '推荐好友' })).toBeVisible();
    await expect(page.getByText('好友从其他运营商带号转入：您得 $25，好友得 $20。')).toBeVisible();
    await axeClean(page, 'visitor, simplified Chinese');
    expect(await englishLeftovers(page), 'English left in simplified Chinese').toEqual([]);
    await switchTo(page, '繁體', 'zh-Hant');
    await expect(page.getByRole('heading', { level: 1, name: '推薦好友' })).toBeVisible();
    await expect(page.getByText('好友從其他電信業者攜碼轉入：您得 $25，好友得 $20。')).toBeVisible();
    await axeClean(page, 'visitor, traditional Chinese');
    expect(await englishLeftovers(page), 'English left in traditional Chinese').toEqual([]);

    // A customer: their code and share link, no referrals yet.
    const line = await testLine(request);
    await signIn(page, request, baseURL!, line);
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { level: 2, name: '您的推薦碼與連結' })).toBeVisible();
    await switchTo(page, 'English', 'en');
    const code = (await page.getByTestId('referral-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4}$/);
    const link = (await page.getByTestId('referral-link').textContent())!.trim();
    expect(link).toMatch(new RegExp(`/\\?recommendCode=${code}$`));
    await expect(page.getByText('No referrals yet. Share your link to invite a friend.')).toBeVisible();
    await axeClean(page, 'customer, English');

    // A friend opens the link: the invitation shows the code, and checkout has it filled in.
    await page.context().clearCookies();
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    const invitation = page.getByRole('dialog');
    await expect(invitation).toContainText(code);
    await axeClean(page, 'the invitation');
    await invitation.getByRole('link', { name: 'See plans' }).click();
    await page.goto('/plans/bundleForm?plan=5gb-plan&months=1&simType=esim');
    await expect(page.locator('input[name=referralCode]')).toHaveValue(code);
  });

  test('a friend buys with the code and activates: pending for 35 days, then credited with its expiry date', async ({ page, request, baseURL }) => {
    test.setTimeout(240_000);
    const referrer = await testLine(request);
    await signIn(page, request, baseURL!, referrer);
    const code = (await programmeOf(page)).mine!.code;
    await page.context().clearCookies();

    // The friend buys an eSIM with the code and activates it (registering an account at step 2).
    const card = await boughtEsim(request, baseURL!, { referralCode: code });
    const activation = new ActivationPage(page);
    await activation.open();
    await activation.checkSim(card);
    await expect(page).toHaveURL(/\/activation\/second$/);
    await activation.searchNumbers('626');
    await activation.pickNumber();
    const friend = `ref${Date.now().toString(36)}`;
    await activation.fillPersonal(`${friend}@example.com`, { username: friend, password: 'Activate1x' });
    await activation.submit();
    await activation.expectHeadline('success', 60_000);

    // The referrer's page: pending while the friend's line counts its 35 days.
    await page.context().clearCookies();
    await signIn(page, request, baseURL!, referrer);
    const stateOnPage = async () => {
      await page.goto(PAGE);
      await expect(page.getByTestId('referral-code')).toBeVisible();
      return page.getByTestId('referral-table').locator('tbody tr').first().getAttribute('data-state', { timeout: 2_000 }).catch(() => null);
    };
    await expect.poll(stateOnPage, { timeout: 60_000 }).toBe('pending.active');
    await expect(page.getByText('Pending: active, counting 35 days')).toBeVisible();
    await axeClean(page, 'a referral pending');

    // The sandbox brings the 35 days a minute close; the gateway's clock moves a minute.
    const moved = await request.post('/sandbox/api/referral/qualifiesIn', { data: { orderNo: card.orderNo, minutes: 1 } });
    expect(moved.ok()).toBe(true);
    await advanceClock(request, 61_000);
    await expect.poll(stateOnPage, { timeout: 60_000 }).toBe('credited');
    const credits = page.getByTestId('referral-credits');
    await expect(credits).toContainText('For referring a friend');
    await expect(credits).toContainText('$15.00');
    const mine = (await programmeOf(page)).mine!;
    expect(mine.credits.map((c) => [c.role, c.cents])).toEqual([['referrer', 1500]]);
    // Valid 365 days from the credit.
    expect(Date.parse(mine.credits[0]!.expiresAt) - Date.parse(mine.credits[0]!.creditedAt)).toBe(365 * 86_400_000);
    await axeClean(page, 'a referral credited');
    await switchTo(page, '简体', 'zh-Hans');
    await expect(page.getByText('已发放', { exact: true })).toBeVisible();
    expect(await englishLeftovers(page), 'English left on the credited referral').toEqual([]);
  });
});
