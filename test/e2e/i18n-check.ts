import type { Page } from '@playwright/test';
import { englishWords } from '../support/englishWords';

/**
 * What a reader of the page reads: its visible text, every option of every list (a closed <select> shows none of them
 * in innerText), and the names given to images and controls (alt, aria-label, title). Text the page marks
 * `translate="no"` (proper names such as partners', order numbers, what the customer typed) is left out, and so is a
 * US state's postal code after its name ("加利福尼亚州（CA）").
 */
export async function englishLeftovers(page: Page): Promise<string[]> {
  const text = await page.locator('body').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[translate="no"], script, style').forEach((el) => el.remove());
    document.body.appendChild(copy);
    copy.style.position = 'absolute';
    const visible = copy.innerText;
    const options = [...copy.querySelectorAll('option')].map((o) => o.textContent ?? '');
    const names = [...copy.querySelectorAll('[alt], [aria-label], [title]')]
      .flatMap((el) => ['alt', 'aria-label', 'title'].map((a) => el.getAttribute(a) ?? ''));
    copy.remove();
    // A US state's postal code after its name, in a list's options (a <select>'s innerText holds them too).
    return [visible, ...options, ...names].join('\n').replace(/（[A-Z]{2}）/g, '');
  });
  return englishWords(text);
}
