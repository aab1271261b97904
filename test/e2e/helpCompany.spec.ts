import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { seriousViolations, switchTo } from './checks';
import { messagesTo } from './sandbox';

/**
 * Issue 18 in Chromium on the real gateway: the help centre's FAQ searched in the three languages (Chinese without
 * spaces) and opened at a question by its link; the contact form, refused field by field, failing without losing a
 * word, sent, confirmed by email in the sender's language and handled in the staff console's inbox; the dealer
 * application with its required physical store, and a second one from the same email refused. axe-core clean.
 */
async function axeClean(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

const HELP = '/helpSupport/commonProblem';

test.describe('help centre', () => {
  test('searches the FAQ in English, simplified and traditional Chinese, and opens a question by its link', async ({ page }) => {
    await page.goto(HELP);
    await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
    for (const category of ['SIM and services', 'Activation and number transfer', 'International calls and coverage', 'Account management and recharge', 'Refund policy']) {
      await expect(page.getByRole('heading', { level: 2, name: category })).toBeVisible();
    }
    await axeClean(page, 'help centre');

    const search = page.getByRole('searchbox');
    await search.fill('eSIM QR');
    await expect(page.getByTestId('faq-results')).toContainText('answers for “eSIM QR”');
    await expect(page.getByTestId('faq-esimDetails')).toHaveAttribute('open', '');
    await expect(page.getByTestId('faq-plansInclude')).toHaveCount(0);
    await expect(page).toHaveURL(/q=eSIM/);
    await search.fill('quantum entanglement');
    await expect(page.getByTestId('faq-results')).toContainText('No related content or record');
    await axeClean(page, 'help centre, nothing found');

    await switchTo(page, '简体', 'zh-Hans');
    await search.fill('退款');
    await expect(page.getByTestId('faq-returnSim')).toBeVisible();
    await expect(page.getByTestId('faq-earlyEnd')).toContainText('提前结束保号服务不退款');
    await expect(page.getByTestId('faq-topUp')).toHaveCount(0);
    await search.fill('保留号码');
    await expect(page.getByTestId('faq-keepNumber')).toContainText('保留原号码');

    await switchTo(page, '繁體', 'zh-Hant');
    await search.fill('攜碼');
    await expect(page.getByTestId('faq-keepNumber')).toContainText('攜碼轉入');
    await expect(page.getByTestId('faq-results')).toContainText('相關的解答');
    await axeClean(page, 'help centre, traditional Chinese');

    // A question's own address opens it, in view.
    await page.goto(`${HELP}#numberKeeping`);
    const keeping = page.getByTestId('faq-numberKeeping');
    await expect(keeping).toHaveAttribute('open', '');
    await expect(keeping).toBeInViewport();
    await expect(keeping).toContainText('120');
    // The refund rules, the terms and the privacy policy are one click away.
    await page.getByRole('link', { name: /退貨與退款/ }).first().click();
    await expect(page).toHaveURL(/\/serviceTerms\/serviceClause#refunds$/);
    await expect(page.getByTestId('legal')).toBeVisible();
  });
});

test.describe('contact us', () => {
  test('refuses each field, keeps everything when sending fails, sends, confirms by email, and reaches the staff inbox', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const email = `contact-${randomUUID().slice(0, 8)}@example.com`;
    const message = `我的 eSIM 二維碼還沒收到，訂單 ${randomUUID().slice(0, 6)}。`;
    await page.goto('/aboutUs/contactUs');
    await expect(page.getByText('611', { exact: true })).toBeVisible();
    await switchTo(page, '繁體', 'zh-Hant');
    await axeClean(page, 'contact us');

    await page.getByRole('button', { name: '送出留言' }).click();
    await expect(page.getByText('請填寫您的姓名。')).toBeVisible();
    await expect(page.getByText('請選擇問題類型。')).toBeVisible();
    await expect(page.locator('input[name=name]')).toBeFocused();
    await axeClean(page, 'contact us, refused');

    await page.fill('input[name=name]', '陳美玲');
    await page.fill('input[name=email]', email);
    await page.fill('input[name=phone]', '(626) 555-0188');
    await page.selectOption('select[name=topic]', 'activation');
    await page.fill('textarea[name=message]', '太短了');
    await page.getByRole('button', { name: '送出留言' }).click();
    await expect(page.getByText('留言請寫 10 到 2000 個字。')).toBeVisible();
    await page.fill('textarea[name=message]', message);

    // The network fails once: the form says so and keeps every word.
    await page.route('**/company/contact', (route) => route.abort('failed'), { times: 1 });
    await page.getByRole('button', { name: '送出留言' }).click();
    await expect(page.getByText('留言沒有送出。您填寫的內容都還在，請再試一次。')).toBeVisible();
    await expect(page.getByTestId('contact-us')).toHaveAttribute('data-state', 'failed');
    await expect(page.locator('textarea[name=message]')).toHaveValue(message);
    await expect(page.locator('input[name=email]')).toHaveValue(email);

    await page.getByRole('button', { name: '送出留言' }).click();
    const sent = page.getByTestId('enquiry-sent');
    await expect(sent).toContainText('留言已送出');
    const reference = /C-[2-9A-Z]{8}/.exec(await sent.innerText())![0];
    await axeClean(page, 'contact us, sent');
    await expect.poll(async () => (await messagesTo(page.request, email)).map((m) => m.subject ?? '')).toContain(`我們已收到您的留言（${reference}）`);

    // Customer service reads it in the console's inbox, opens it and marks it handled.
    const staffContext = await browser.newContext({ baseURL });
    const staff = await staffContext.newPage();
    await staff.goto('/staff/inbox');
    await expect(staff).toHaveURL(/\/staff\/login/);
    await staff.fill('input[name=email]', 'reviewer@linkbridge.test');
    await staff.fill('input[name=password]', 'Review@2468');
    await staff.locator('form button[type=submit]').click();
    await expect(staff).toHaveURL(/\/staff\/inbox/);
    const row = staff.getByTestId(`inbox-row-${reference}`);
    await expect(row).toContainText('陳美玲');
    await expect(staff.locator('[data-testid=inbox-list] tbody tr').first()).toHaveAttribute('data-testid', `inbox-row-${reference}`);
    await axeClean(staff, 'staff inbox');
    await row.getByRole('link', { name: reference }).click();
    await expect(staff.getByTestId('inbox-text-message')).toHaveText(message);
    await expect(staff.getByText('(626) 555-0188')).toBeVisible();
    await expect(staff.getByText('Answer by email, in Traditional Chinese.')).toBeVisible();
    await axeClean(staff, 'staff inbox item');
    await staff.getByRole('button', { name: 'Mark handled' }).click();
    await expect(staff.getByTestId('inbox-closed')).toContainText('Handled by reviewer@linkbridge.test');
    await expect(staff.getByTestId('inbox-item')).toContainText('marked handled');
    await staff.getByRole('link', { name: 'Back to the inbox' }).click();
    await expect(staff.getByTestId(`inbox-row-${reference}`)).toHaveCount(0);
    await staff.getByRole('button', { name: 'Handled' }).click();
    await expect(staff.getByTestId(`inbox-row-${reference}`)).toContainText('reviewer@linkbridge.test');
    await staffContext.close();
  });
});

test.describe('dealer application', () => {
  test('needs a physical store, is sent and confirmed, and a second open one from the same email is refused', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const email = `dealer-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/agent');
    await switchTo(page, '简体', 'zh-Hans');
    await expect(page.getByRole('heading', { level: 1, name: '成为联桥移动代理商' })).toBeVisible();
    await axeClean(page, 'dealer application');

    await page.getByRole('radio', { name: '中国' }).check();
    await page.fill('input[name=storeName]', '华强北通讯');
    await page.fill('input[name=state]', '广东省');
    await page.fill('input[name=city]', '深圳');
    await page.fill('input[name=lastName]', '张');
    await page.fill('input[name=firstName]', '伟');
    await page.fill('input[name=phone]', '13912345678');
    await page.fill('input[name=email]', email);
    await page.selectOption('select[name=howHeard]', 'wechat');
    await page.fill('textarea[name=whyInterested]', '我们店里有很多准备去美国留学的学生顾客。');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(page.getByText('代理商需要有实体零售门店，请勾选确认。')).toBeVisible();
    await axeClean(page, 'dealer application, refused');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '提交申请' }).click();
    const sent = page.getByTestId('enquiry-sent');
    await expect(sent).toContainText('申请已收到');
    const reference = /D-[2-9A-Z]{8}/.exec(await sent.innerText())![0];
    await expect.poll(async () => (await messagesTo(page.request, email)).map((m) => m.subject ?? '')).toContain(`您的代理商申请已收到（${reference}）`);

    // The same email again, from another tab, while the first is open: refused on the form, nothing lost.
    const otherTab = await browser.newContext({ baseURL });
    const again = await otherTab.newPage();
    await again.goto('/agent?lang=en');
    await expect(again.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await again.fill('input[name=storeName]', 'Golden Phone Repair');
    await again.selectOption('select[name=state]', 'NY');
    await again.fill('input[name=city]', 'Flushing');
    await again.fill('input[name=firstName]', 'Wei');
    await again.fill('input[name=lastName]', 'Zhang');
    await again.fill('input[name=phone]', '7185550123');
    await again.fill('input[name=email]', email.toUpperCase());
    await again.selectOption('select[name=howHeard]', 'friend');
    await again.fill('textarea[name=whyInterested]', 'A second store of ours in Queens.');
    await again.getByRole('checkbox').check();
    await again.getByRole('button', { name: 'Send application' }).click();
    await expect(again.getByText('This has already been submitted.')).toBeVisible();
    await expect(again.locator('input[name=storeName]')).toHaveValue('Golden Phone Repair');
    await axeClean(again, 'dealer application, already submitted');
    await otherTab.close();
  });
});
