// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { Pager } from '../../screens/ui/Pager';

/** The pager of the bills, the orders and the staff inbox: its links keep the list's other parameters. */
const renderAt = (path: string, props: { page: number; pageSize: number; total: number; drop?: string[] }) => {
  const router = createMemoryRouter([{ path: '*', element: <Pager {...props} /> }], { initialEntries: [path] });
  render(<I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>);
};

describe('Pager', () => {
  beforeAll(async () => { await initI18n('en'); });
  afterEach(cleanup);

  it('links the newer and older pages, keeping the other parameters and dropping those named', () => {
    renderAt('/staff/inbox?box=dealer&status=closed&page=2&order=X', { page: 2, pageSize: 50, total: 160, drop: ['order'] });
    expect(screen.getByText('Page 2 of 4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Newer' }).getAttribute('href')).toBe('/staff/inbox?box=dealer&status=closed&page=1');
    expect(screen.getByRole('link', { name: 'Older' }).getAttribute('href')).toBe('/staff/inbox?box=dealer&status=closed&page=3');
  });

  it('shows nothing for a list of one page', () => {
    renderAt('/mybill', { page: 1, pageSize: 12, total: 12 });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('leads a page past the end back to the last page, not to an empty one before it', () => {
    renderAt('/staff/inbox?page=999', { page: 999, pageSize: 50, total: 60 });
    expect(screen.getByText('This page is past the end of the list.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the last page' }).getAttribute('href')).toBe('/staff/inbox?page=2');
    expect(screen.queryByRole('link', { name: 'Newer' })).toBeNull();
  });
});
