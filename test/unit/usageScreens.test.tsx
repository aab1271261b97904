// @vitest-environment jsdom
/**
 * The usage pages and the data allowance card, rendered: totals, rows, pages, the empty month, a failed load; the
 * card's used / remaining / total and its 128 kbps note; and the query a page's URL asks the gateway for.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { setBaseURL } from '../../src/api/client';
import type { UsagePageData } from '../../src/contract/pageData';
import type { DataAllowance, UsageList, UsageRecord } from '../../src/contract/usage';
import { usageQueryFromUrl } from '../../src/app/usagePages';
import UsageScreen from '../../screens/usage/UsageScreen';
import { DataAllowanceCard } from '../../screens/usage/DataAllowanceCard';
import { formatDuration, formatPeer, formatVolumeKb, pageCount } from '../../screens/usage/usage.connect';

beforeAll(async () => {
  setBaseURL('http://gateway.test');
  await initI18n('en');
  await i18n.changeLanguage('en');
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const call = (id: number, over: Partial<UsageRecord> = {}): UsageRecord => ({
  id, type: 'voice', at: '2026-11-20T20:00:00Z', direction: 'out', peer: '8613812345678', peerCountry: 'CN', peerDialCode: '86', via: null,
  durationSec: 125, volumeKb: 0, slowed: false, amountCents: 6, account: null, ...over,
});
const voiceList = (over: Partial<UsageList> = {}): UsageList => ({
  type: 'voice', month: '2026-11', months: ['2026-11', '2026-10'], direction: null, page: 1, pageSize: 20,
  totals: { count: 45, inbound: 20, outbound: 25, durationSec: 3_723, volumeKb: 0, amountCents: 214 },
  records: [call(1), call(2, { direction: 'in', peer: '16265550123', peerCountry: 'US', peerDialCode: '1', amountCents: 0 })],
  ...over,
});

function renderPage(data: UsagePageData, path = '/callrecord') {
  const router = createMemoryRouter([{ path, loader: () => data, Component: UsageScreen }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

describe('a usage page', () => {
  it("shows the month's totals, its rows and the way to the next page", async () => {
    renderPage({ list: voiceList(), loadError: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Call records' })).toBeTruthy();
    expect(screen.getByTestId('totals.voice.count').textContent).toBe('45');
    expect(screen.getByTestId('totals.voice.duration').textContent).toBe('1:02:03');
    expect(screen.getByTestId('totals.voice.amount').textContent).toBe('$2.14');
    expect(screen.getAllByTestId('usage-row')).toHaveLength(2);
    expect(screen.getByText('+86 13812345678')).toBeTruthy();
    expect(screen.getByText('+1 (626) 555-0123')).toBeTruthy();
    expect(screen.getByText('Included')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/callrecord?month=2026-11&page=2');
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
  });

  it('says when the month has no records', async () => {
    renderPage({ list: voiceList({ records: [], totals: { count: 0, inbound: 0, outbound: 0, durationSec: 0, volumeKb: 0, amountCents: 0 } }), loadError: false });
    expect((await screen.findByRole('status')).textContent).toBe('No related records for November 2026. Choose another month or another kind of record.');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('says when the records could not be loaded, and offers to try again', async () => {
    renderPage({ list: null, loadError: true });
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded/);
    expect(screen.getByRole('link', { name: 'Try again' })).toBeTruthy();
  });
});

function renderCard(answer: DataAllowance | 'fail') {
  vi.stubGlobal('fetch', vi.fn(async () => (answer === 'fail'
    ? new Response('{}', { status: 503, headers: { 'content-type': 'application/json' } })
    : new Response(JSON.stringify({ code: '200', message: 'OK', data: answer }), { headers: { 'content-type': 'application/json' } }))));
  const router = createMemoryRouter([{ path: '/personal', Component: DataAllowanceCard }], { initialEntries: ['/personal'] });
  render(<RouterProvider router={router} />);
}
const limited = (usedMb: number, totalMb: number): DataAllowance => ({
  status: 'limited', usedMb, remainingMb: totalMb - usedMb, totalMb, slowed: usedMb >= totalMb,
  cycleStart: '2026-11-15T08:00:00Z', cycleEnd: '2026-12-15T08:00:00Z',
});

describe('the data allowance card', () => {
  it('shows high-speed data used, remaining and total', async () => {
    renderCard(limited(1_536, 5_120));
    expect((await screen.findByTestId('allowance-used')).textContent).toBe('1.5 GB');
    expect(screen.getByTestId('allowance-remaining').textContent).toBe('3.5 GB');
    expect(screen.getByTestId('allowance-total').textContent).toBe('5 GB');
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('30');
    expect(screen.queryByText(/128 kbps/)).toBeNull();
  });

  it('says data goes on at 128 kbps once the high-speed data is used', async () => {
    renderCard(limited(500, 500));
    expect((await screen.findByRole('status')).textContent).toMatch(/128 kbps until December 15, 2026/);
  });

  it('says so without a plan, and when the figures cannot be read', async () => {
    renderCard({ status: 'none', usedMb: 0, remainingMb: null, totalMb: null, slowed: false, cycleStart: null, cycleEnd: null });
    expect(await screen.findByText(/no plan in effect/)).toBeTruthy();
    cleanup();
    renderCard('fail');
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded/);
  });
});

describe('what a usage page asks for', () => {
  it('takes the type from the path and leaves out what the gateway would refuse', () => {
    expect(usageQueryFromUrl(new URL('http://x/internet?month=2026-10&page=2'))).toEqual({ type: 'data', month: '2026-10', page: 2 });
    expect(usageQueryFromUrl(new URL('http://x/callrecord?month=2026-13&page=0&direction=up'))).toEqual({ type: 'voice' });
    expect(usageQueryFromUrl(new URL('http://x/message?direction=out'))).toEqual({ type: 'sms', direction: 'out' });
  });
  it('formats durations, volumes, numbers and pages', () => {
    expect([formatDuration(45), formatDuration(725), formatDuration(3_723)]).toEqual(['0:45', '12:05', '1:02:03']);
    expect([formatVolumeKb(850, 'en'), formatVolumeKb(12_700, 'en'), formatVolumeKb(1_300_000, 'en')]).toEqual(['0.83 MB', '12.4 MB', '1.2 GB']);
    expect(formatPeer('85291234567', '852')).toBe('+852 91234567');
    expect(pageCount({ totals: { count: 0, inbound: 0, outbound: 0, durationSec: 0, volumeKb: 0, amountCents: 0 }, pageSize: 20 })).toBe(1);
  });
});
