import { expect, test, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { balancesOf, signIn, testLine } from './sandbox';

/**
 * /wechat-signing in Chromium on the real gateway and its payment sandbox (issue 18 section 3, decision 0046): a visitor
 * reads what the WeChat Pay agreement is; a customer reaches it from the portal menu, signs it on the sandbox's WeChat
 * signing page (the provider's own origin), comes back to the result, tops up without scanning (the General account
 * credited), and cancels it; then again in Chinese: a refused amount in the customer's language with nothing typed
 * lost, signing and a top-up in simplified Chinese, declining at WeChat Pay in traditional Chinese. axe-core clean.
 */
async function axeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

const PAGE = '/wechat-signing';
/** (626) 555-0100, as the page writes a US number. */
const usPhone = (p: string) => `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`;

/** On WeChat Pay's signing page (the sandbox's origin), then back to /wechat-signing with the agreement's code. */
async function answerAtWechat(page: Page, button: string) {
  await page.waitForURL(/\/wechat\/sign\?token=/);
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/\/wechat-signing\?agreement=LBA[0-9A-F]{24}$/);
}

test.describe('WeChat Pay agreement', () => {
  test('signed at WeChat Pay, a top-up without scanning, then cancelled (English)', async ({ page, request, baseURL }) => {
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay top-ups without scanning' })).toBeVisible();
    await expect(page.getByText('It never pays an auto-renewal: auto-renewal is paid by card or from your balance.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute('href', '/login?redirect=%2Fwechat-signing');
    await axeClean(page, 'agreement page, visitor');

    const line = await testLine(request, { generalCents: 0 });
    await signIn(page, request, baseURL!, line);
    await page.goto('/personal');
    await page.getByRole('link', { name: 'WeChat Pay agreement' }).first().click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByText('You have no WeChat Pay agreement yet.')).toBeVisible();
    await axeClean(page, 'agreement page, none yet');

    await page.getByRole('button', { name: 'Sign with WeChat Pay' }).click();
    await page.waitForURL(/\/wechat\/sign\?token=/);
    await expect(page.getByText(line.phone)).toBeVisible();
    await axeClean(page, 'WeChat signing page');
    await answerAtWechat(page, 'Agree and sign');
    await expect(page.getByText('Your WeChat Pay agreement is signed. You can now top up below without scanning.')).toBeVisible();
    await expect(page.getByTestId('agreement-state')).toHaveText('Signed');
    await axeClean(page, 'agreement page, signed');

    await page.locator('input[name=amount]').fill('15');
    await page.getByRole('button', { name: 'Top up with WeChat Pay' }).click();
    await expect(page.getByTestId('quick-top-up-result')).toContainText(`$15.00 was added to the General account of ${usPhone(line.phone)}.`);
    expect((await balancesOf(page)).generalCents).toBe(1500);
    await axeClean(page, 'agreement page, topped up');

    await page.getByRole('button', { name: 'Cancel agreement' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByText('Your agreement is cancelled. Nothing more can be taken with it.')).toBeVisible();
    await expect(page.getByTestId('agreement-state')).toHaveText('Ended');
    await expect(page.getByRole('button', { name: 'Top up with WeChat Pay' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('agreement-state')).toHaveText('Ended');
    await axeClean(page, 'agreement page, cancelled');
  });

  test('in Chinese: signed and a top-up in simplified Chinese, declined in traditional Chinese', async ({ page, request, baseURL }) => {
    const line = await testLine(request, { generalCents: 0 });
    await signIn(page, request, baseURL!, line);
    await page.goto(PAGE);
    await switchTo(page, '简体', 'zh-Hans');
    await expect(page.getByRole('heading', { level: 1, name: '充值免扫码：微信免密支付' })).toBeVisible();
    await page.getByRole('button', { name: '去微信支付签约' }).click();
    // WeChat Pay's page in the customer's language.
    await answerAtWechat(page, '同意并开通');
    await expect(page.getByText('微信免密支付已开通，现在可以在下方直接充值，无需扫码。')).toBeVisible();
    await axeClean(page, 'agreement page, signed, simplified Chinese');

    const amount = page.locator('input[name=amount]');
    await amount.fill('0');
    await page.getByRole('button', { name: '用微信免密支付充值' }).click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveValue('0');
    await amount.fill('8');
    await page.getByRole('button', { name: '用微信免密支付充值' }).click();
    await expect(page.getByTestId('quick-top-up-result')).toContainText(`已为 ${usPhone(line.phone)} 的通用账户充值`);
    expect((await balancesOf(page)).generalCents).toBe(800);
    await axeClean(page, 'agreement page, topped up, simplified Chinese');

    await switchTo(page, '繁體', 'zh-Hant');
    await page.getByRole('button', { name: '解約' }).click();
    await page.getByRole('button', { name: '確定解約' }).click();
    await expect(page.getByText('已解約，之後不會再透過這份協議扣款。')).toBeVisible();
    await page.getByRole('button', { name: '前往微信支付簽約' }).click();
    await answerAtWechat(page, '暫不開通');
    await expect(page.getByText('您在微信支付拒絕了簽約，沒有開通任何服務。', { exact: false })).toBeVisible();
    await expect(page.getByTestId('agreement-state')).toHaveText('未簽約');
    await axeClean(page, 'agreement page, declined, traditional Chinese');
  });
});
