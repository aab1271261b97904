/**
 * The browser every test here runs in: Debian's Chromium headless shell (package chromium-headless-shell), the same
 * Chromium build without the full browser's UI layers, which is what Playwright itself runs for headless tests. On the
 * 2 cores it does the end-to-end phase in about two thirds of the time the full `chromium` binary takes in headless
 * mode (decision 0031). Root needs --no-sandbox; the closed network the rest.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PACKAGE = 'chromium-headless-shell';
export const CHROMIUM_PATH = process.env.TEST_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
