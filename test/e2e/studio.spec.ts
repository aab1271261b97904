import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { seriousViolations } from './checks';
import { allStates, allTransitions } from '../../machines/chart';
import { charts, chartById } from '../../machines/index';
import { COVERAGE_REPORT_FILE } from '../../machines/coverageReport';
import { models } from '../../machines/models/index';
import { describePath, generatePaths, pathsTo } from '../../machines/paths';
import { buyPaidOrder } from '../model/trackingOrders';
import { paymentsUrlOf } from './sandbox';

/**
 * Issue 17, the chart studio as a product owner and a QA engineer use it: the list of every chart with its coverage,
 * a chart drawn, a state's rule read, the path to a state shown on the drawing (the same path the model tests run),
 * three steps simulated, a real order's history looked up, a flow of another tab seen live, in three languages and
 * axe-core clean.
 */
const order = chartById('order')!;

test.describe('chart studio', () => {
  test('lists every chart with its size and the coverage of the last test run', async ({ page }) => {
    await page.goto('/studio');
    await expect(page.getByRole('heading', { level: 1, name: 'Every chart of the product' })).toBeVisible();
    await expect(page.locator('tr[data-chart]')).toHaveCount(charts.length);
    const row = page.locator('tr[data-chart="order"]');
    await expect(row.getByRole('link', { name: /Order status/ })).toBeVisible();
    // States and transitions counted from the chart's own definition.
    await expect(row.locator('td').nth(3)).toHaveText(String(allStates(order.machine).length));
    await expect(row.locator('td').nth(4)).toHaveText(String(allTransitions(order.machine).length));
    if (existsSync(COVERAGE_REPORT_FILE)) {
      const report = JSON.parse(readFileSync(COVERAGE_REPORT_FILE, 'utf8')) as { charts: { chart: string; depth: string }[] };
      const depths = report.charts.filter((r) => r.chart === 'order').map((r) => r.depth);
      await expect(page.getByTestId('coverage-source')).toContainText('Coverage from the last test run');
      await expect(row.locator('li[data-depth]')).toHaveCount(depths.length);
    } else {
      await expect(page.getByTestId('coverage-source')).toContainText('No test run is recorded yet');
    }
    await page.getByRole('radio', { name: 'Lifecycle' }).check({ force: true });
    await expect(page.locator('tr[data-chart]')).toHaveCount(charts.filter((c) => c.kind === 'lifecycle').length);
    await page.getByLabel('Find a chart').fill('no such chart');
    await expect(page.getByText('No chart matches')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a chart: its drawing, a state\'s rule, the path to it, three simulated steps', async ({ page }) => {
    await page.goto('/studio');
    await page.getByRole('link', { name: /Order status/ }).click();
    await expect(page).toHaveURL(/\/studio\/order$/);
    const drawing = page.getByTestId('chart-drawing');
    await expect(drawing.locator('[data-state="order.awaiting_payment"]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A state's rule: the chart's own description of it.
    await drawing.locator('[data-state="order.payment_failed"]').click();
    const details = page.getByTestId('state-details');
    await expect(details.getByTestId('rule')).toHaveText(allStates(order.machine).find((n) => n.id === 'order.payment_failed')!.description!);
    await expect(details.getByText('Transitions leaving it')).toBeVisible();

    // The shortest path to it: the one `npm run paths -- order --to order.payment_failed` prints.
    await details.getByRole('button', { name: 'Show the shortest path here' }).click();
    await expect(page).toHaveURL(/tab=paths/);
    const expected = pathsTo(models.order!, generatePaths(models.order!), 'order.payment_failed');
    if (expected === 'unknown' || !expected[0]) throw new Error('the order chart has no path to payment_failed');
    const steps = page.getByTestId('path-steps').locator('li');
    await expect(steps).toHaveCount(expected[0].events.length);
    for (const [i, event] of expected[0].events.entries()) await expect(steps.nth(i).locator('code').first()).toHaveText(event.type);
    // Lit on the drawing: the edge of each step carries its number.
    const printed = describePath(expected[0], order.machine);
    for (const [i, step] of printed.steps.entries()) {
      const taken = allTransitions(order.machine).find((t) => t.id === step.took[0])!;
      await expect(drawing.locator(`[data-edge="${taken.source.id}->${taken.targets[0]!.id}"]`)).toContainText(String(i + 1));
    }
    await expect(page.getByText('npm run paths -- order --to order.payment_failed')).toBeVisible();

    // Simulate: three steps, each moving the chart and naming the rule it followed.
    await page.getByRole('tab', { name: 'Simulate' }).click();
    const now = page.getByTestId('sim-state');
    await expect(now).toHaveText('awaiting_payment');
    await page.locator('[data-event="payment.start"]').first().click();
    await expect(now).toHaveText('paying');
    await page.locator('[data-event="payment.failed"]').first().click();
    await expect(now).toHaveText('payment_failed');
    await page.locator('[data-event="payment.start"]').first().click();
    await expect(now).toHaveText('paying');
    const log = page.getByTestId('sim-log').locator('li');
    await expect(log).toHaveCount(3);
    await expect(log.nth(1)).toContainText(allTransitions(order.machine).find((t) => t.id === 'order.paying:payment.failed:0')!.description!.slice(0, 40));
    await expect(drawing.locator('[data-state="order.paying"][data-current]')).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(now).toHaveText('awaiting_payment');
    await expect(log).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('live: a paid order\'s history, and a flow running in another tab', async ({ page, baseURL, context }) => {
    const bought = await buyPaidOrder(baseURL!, paymentsUrlOf(baseURL!), { simType: 'esim' });
    await page.goto('/studio/order?tab=live');
    const id = page.getByLabel('Order number');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter an id');
    await id.fill('LB-NO-SUCH');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('alert')).toContainText('has no history in this chart');
    await expect(id).toHaveValue('LB-NO-SUCH');
    await id.fill(bought.orderNo);
    await page.getByRole('button', { name: 'Look up' }).click();
    const history = page.getByTestId('live-history');
    await expect(history).toContainText(`${bought.orderNo} is now in paid`);
    await expect(history.locator('ol > li')).toHaveCount(2);
    await expect(history.locator('ol > li').nth(0)).toContainText('awaiting_payment → paying');
    await expect(history.locator('ol > li').nth(1)).toContainText('paying → paid');
    await expect(page.getByTestId('chart-drawing').locator('[data-state="order.paid"][data-current]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A flow in another tab of the same browser tells the studio where it is.
    await page.goto('/studio/login?tab=live');
    await expect(page.getByTestId('live-flows')).toContainText('None running yet');
    const other = await context.newPage();
    await other.goto('/login');
    const flow = page.getByTestId('live-flow').first();
    await expect(flow).toContainText('on /login');
    await expect(page.getByTestId('chart-drawing').locator('[data-current]').first()).toBeVisible();
    await other.close();
  });

  test('in Simplified and Traditional Chinese', async ({ page }) => {
    for (const [lang, label, heading, tab] of [['zh-Hans', '简体', '产品的全部状态图', '模拟'], ['zh-Hant', '繁體', '產品的所有狀態圖', '模擬']] as const) {
      await page.goto('/studio');
      await page.getByRole('group', { name: /Language|语言|語言/ }).getByRole('button', { name: new RegExp(label) }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await page.locator('tr[data-chart="order"]').getByRole('link').click();
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByTestId('sim-state')).toHaveText('awaiting_payment');
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
