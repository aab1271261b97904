import { expect, test } from './fixtures';
import { CheckoutPage, BUYER, CA_ADDRESS } from '../support/pages/CheckoutPage';

/**
 * Spec section 5 and issue 3: every form error shows its message next to its field, in the customer's language,
 * focus goes to the first one, and nothing typed is lost; the gateway's answers about codes, SIM count and tax land
 * next to their field or on the summary.
 */

test.describe('checkout form errors', () => {
  test('a submit with nothing filled in shows every required field\'s message and focuses the first', async ({ page }) => {
    const checkout = new CheckoutPage(page);
    await checkout.open('plan=5gb-plan&months=1&simType=physical');
    await checkout.submit();
    await checkout.expectFieldError('shipping.firstNameEn', 'Please enter the name in English.');
    await checkout.expectFieldError('shipping.lastNameEn', 'Please enter the name in English.');
    await checkout.expectFieldError('shipping.phone', 'Please enter your phone number.');
    await checkout.expectFieldError('shipping.email', 'Please fill in your email.');
    await checkout.expectFieldError('shipping.address1', 'Please enter the street address.');
    await checkout.expectFieldError('shipping.city', 'Please enter the city.');
    await checkout.expectFieldError('shipping.state', 'Please choose the state or province.');
    await checkout.expectFieldError('shipping.zip', 'Please enter the ZIP code.');
    await checkout.expectFieldError('channel', 'Please tell us how you heard about us.');
    await checkout.expectFieldError('termsAccepted', 'Please read and accept the service terms.');
    await checkout.expectFieldError('confirmPersonalUse', 'Please confirm that you are buying voluntarily for personal use.');
    await checkout.expectFieldError('confirmUsOnly', 'Please confirm that the SIM is for personal use in the US only.');
    await expect(checkout.field('shipping.firstNameEn')).toBeFocused();
    await checkout.expectEditing();
  });

  test('each broken rule is named next to its field and what was typed stays', async ({ page }) => {
    const checkout = new CheckoutPage(page);
    await checkout.open('plan=5gb-plan&months=1&simType=physical');
    const typed: Record<string, string> = {
      'shipping.firstNameEn': 'Mei2', 'shipping.lastNameEn': 'Lin', 'shipping.lastNameZh': 'Lin', 'shipping.phone': '12345',
      'shipping.email': 'mei@', 'shipping.address1': '100 Main St', 'shipping.city': 'New York', 'shipping.zip': '91801',
    };
    for (const [field, value] of Object.entries(typed)) await checkout.change(field, value);
    await checkout.change('shipping.state', 'NY');
    await checkout.submit();
    await checkout.expectFieldError('shipping.firstNameEn', 'Use English letters only.');
    await checkout.expectFieldError('shipping.lastNameZh', 'Use Chinese characters only.');
    await checkout.expectFieldError('shipping.phone', 'Enter a valid US or China mobile number.');
    await checkout.expectFieldError('shipping.email', 'Please enter your email in the correct format.');
    await checkout.expectFieldError('shipping.zip', 'This ZIP code is not in the chosen state. Check the ZIP code or the state.');
    await expect(checkout.field('shipping.firstNameEn')).toBeFocused();
    for (const [field, value] of Object.entries(typed)) await expect(checkout.field(field)).toHaveValue(value);
    await expect(checkout.field('shipping.state')).toHaveValue('NY');

    // Fixing a field clears its message; a China address needs a 6-digit postcode.
    await checkout.change('shipping.firstNameEn', 'Mei');
    await expect(checkout.field('shipping.firstNameEn')).toHaveAttribute('aria-invalid', 'false');
    await checkout.change('shipping.country', 'CN');
    await checkout.change('shipping.state', 'Guangdong');
    await checkout.change('shipping.zip', '5100');
    await checkout.submit();
    await checkout.expectFieldError('shipping.zip', 'A China postal code is 6 digits.');
    await expect(page.locator('input[type=radio][name="shippingMethod"][value="express"]')).toHaveCount(0);
  });

  test('the gateway\'s answers: codes, the 500MB rule, the SIM limit and tax land next to their field or the summary', async ({ page }) => {
    const checkout = new CheckoutPage(page);
    await checkout.open('plan=5gb-plan&months=3&simType=esim');
    await checkout.fillBuyer(BUYER);
    await checkout.fillAddress('billing', CA_ADDRESS);

    await checkout.applyCodes({ coupon: 'NOPE' });
    await checkout.expectFieldError('couponCode', 'The discount code is invalid or has expired.');
    await checkout.applyCodes({ coupon: 'SUMMER2025' });
    await checkout.expectFieldError('couponCode', 'The discount code is invalid or has expired.');
    await checkout.applyCodes({ coupon: '' });
    await checkout.applyCodes({ referral: 'OLD1' });
    await checkout.expectFieldError('referralCode', 'The referral code is invalid or has expired.');
    await checkout.applyCodes({ referral: '' });

    await checkout.change('simCount', '11');
    await checkout.expectFieldError('simCount', 'The number of SIM cards exceeds the limit.');
    await checkout.change('simCount', '2');
    await expect(checkout.field('simCount')).toHaveAttribute('aria-invalid', 'false');

    await checkout.change('billing.state', 'AK');
    await checkout.change('billing.zip', '99971');
    // The tax service answers about the billing address: 120071 next to its ZIP, and the summary says to check it.
    await checkout.expectFieldError('billing.zip', "We couldn't get the tax information. Please try again.");
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByRole('alert')).toHaveText("We couldn't work out the price. Check the fields marked in red.");

    await checkout.fillAddress('billing', CA_ADDRESS);
    await page.goto('/plans/bundleForm?plan=500mb-plan&months=1&simType=esim');
    await checkout.expectEditing();
    // A reload keeps what was typed; a link to another plan keeps the buyer's details.
    await expect(checkout.field('shipping.email')).toHaveValue(BUYER.email);
    await expect(checkout.field('billing.zip')).toHaveValue(CA_ADDRESS.zip);
    await checkout.applyCodes({ coupon: 'WELCOME10' });
    await checkout.expectFieldError('couponCode', 'The 500MB plan is not eligible for discount or referral codes.');

    // Submitting with the code still there: the gateway refuses the order next to the same field; nothing is lost.
    await checkout.confirmAll();
    await checkout.submit();
    await checkout.expectFieldError('couponCode', 'The 500MB plan is not eligible for discount or referral codes.');
    await expect(checkout.field('couponCode')).toHaveValue('WELCOME10');
    await expect(checkout.field('couponCode')).toBeFocused();
    await checkout.expectEditing();
  });

  test('auto-renewal turns on only once its terms are accepted', async ({ page }) => {
    const checkout = new CheckoutPage(page);
    await checkout.open();
    const toggle = page.getByRole('switch', { name: 'Auto-renewal' });
    await checkout.turnAutoRenewOn();
    await expect(page.getByRole('dialog', { name: 'Auto-renewal terms' })).toBeVisible();
    await checkout.declineAutoRenewTerms();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await checkout.turnAutoRenewOn();
    await checkout.acceptAutoRenewTerms();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await checkout.turnAutoRenewOff();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
