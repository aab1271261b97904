/**
 * The error catalogue of spec section 8. Messages live in i18n/<lang>/errors.json under the same keys,
 * so the gateway (Language header) and the client show the same text.
 */

/** HTTP statuses the spec names, with their message key `errors:http.<status>`. */
export const HTTP_ERROR_STATUSES = [101, 400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505] as const;

/** Business codes in the known list: shown in a warning dialog with the message and one button. */
export const DIALOG_CODES = [
  '120014', '120015', '120016', '120017', '120018', '120019', '120020', '120021', '120022', '120023',
  '120070', '120071', '120073', '120074', '120077', '120079', '120080', '120081', '120082', '120084',
  '120085', '120086', '120087', '120088', '120091', '120092', '120106',
  '90001', '90007', '90008', '90056', '90068',
] as const;

/** Codes whose message the spec leaves blank: the client shows nothing of its own for them. */
export const BLANK_CODES = ['90009', '90057', '120111', '120112', '120104', '120118', '120117'] as const;

/**
 * Codes this product adds for situations the spec describes in words but gives no number
 * (validation, rate limiting, captcha, verification codes, other messages of section 8).
 * They are not in the known list, so the client shows them as a 5 s toast or next to the field.
 */
export const PRODUCT_CODES = [
  'validation',        // a request field failed validation; message names the field
  'rateLimited',       // too many requests (HTTP 429)
  'captchaWrong',      // image captcha wrong, used or expired
  'codeWrong',         // SMS/email verification code wrong
  'codeExpired',       // verification code expired or already used
  'codeLocked',        // 5 wrong tries: the code is dead
  'codeFetchFailed',   // "verification code fetch failed"
  'ticketInvalid',     // verification ticket missing, used or expired
  'alreadyRegistered', // number already has an account (told only after the code is proven)
  'notRegistered',     // "user not registered" (told only after the code is proven)
  'passwordRule',      // password breaks a rule of spec section 5
  'passwordMismatch',  // confirmation differs
  'passwordSameAsOld', // new must differ from old
  'passwordOldWrong',  // old password wrong
  'loginThrottled',    // too many failed logins
  'unauthorized',      // token missing, expired or revoked (HTTP 401)
  'notFound',          // no such route (HTTP 404)
  'crossSiteRequest',  // a change sent with the session cookie but without the app's CHANNEL header, or from another site (HTTP 403)
  'serverError',       // "server error"
  'noRecord',          // "no related content or record"
  'couponInvalid',     // "discount code invalid or expired"
  'referralInvalid',   // "referral code invalid or expired"
  'promotionNotEligible', // "500MB plan not eligible for discount or referral"
  'productNotFound',   // "product does not exist or discontinued"
  'resubmit',          // "do not resubmit, refresh to reorder" (an order already paid or closed)
  'esimAllocationFailed', // "payment succeeded but eSIM allocation failed"
  'alreadyShipped',    // tracking: the address cannot change after shipping
  'idempotencyKey',    // the Idempotency-Key header is missing or malformed
  'activationLocked',  // too many wrong activation codes on one ICCID: wait (data.retryAfterSeconds)
  'activationTokenInvalid', // the activation token is missing, forged or older than 7 days: start again at step 1
  'numberTaken',       // the picked new number was taken meanwhile: pick another
  'usernameTaken',     // the username chosen at activation belongs to another account
  'portInNotCorrectable', // the port-in is not waiting for information (already pending, completed or declined)
  'activationPlanExists', // a plan is being bought for a card being activated, but the card already has one
  'noUsLine',          // the page needs a US line of the account's own (isSmsUser 1, decision 0002)
  'e911Invalid',       // the network refused the E911 address: check the street and number
  'noEsim',            // the line's SIM is a physical card: there is no eSIM to install
  'noEmail',           // the account has no email for the code: use the line's number
  'passwordWrong',     // the account's password, asked again before showing the eSIM, is wrong
  'birthdaySet',       // "Birthday ... not changeable after submit": the account's birthday is already set
  'emailSame',         // the new email is already the account's email
  'accountNoPhone',    // the account has no phone to text a code to: change the password by the old one
  'cardPaysRenewal',   // the card pays an auto-renewal: make another card the default before removing it
  // Issue 15 (h15-life): plans over time.
  'autoRenewalMaintenance', // "Maintenance 0-3 AM Pacific: cannot be changed": come back at 3 AM Pacific (data.retryAt)
  'autoRenewalUnchanged', // the auto-renewal is not in a state this change applies to (already open, already closed)
  'serviceUnchanged',  // the line's service is not in a state this change applies to (not suspended, already removed)
  'renewalLinkInvalid', // the auto-renewal link from an email is forged, used or expired: log in instead
  'notSuspended',      // recovery asked for a line that is not suspended for an unpaid renewal
  'addOnLimit',        // spec section 5: "Data add-on max five per cycle": five were bought in this 30-day cycle
  'addOnUnlimited',    // the plan's high-speed data is unlimited: a data add-on would add nothing
  'noGlobalLine',      // the page needs a global data SIM of the account's own
  // Issue 16: the dual number, its real-name photos and the staff console.
  'imageOnlyJpg',      // "only JPG": the file is not a JPEG by its content (or is a JPEG with something else inside)
  'imageTooLarge',     // "max 1MB": the file is over 1 MB, or declares more pixels than a photo of an ID has
  'imageUploadFailed', // "picture upload failed": empty, truncated or undecodable
  'idUnsupported',     // spec section 5: a document the real-name check does not accept (a Taiwan passport)
  'idPhotosMissing',   // spec section 5: "hand-held, front, back required": a photo is missing or not the customer's
  'dualUnchanged',     // the dual number is not in a state this change applies to (already under review, already open)
  'staffLoginFailed',  // the staff console's email or password is wrong
  // Issue 16: number keeping (decision 0035).
  'protectNotYet',     // spec section 4: keeping "starts at least the day after plan expiry": not yet (data.earliestAt)
  'protectUnavailable', // keeping is for a line suspended for an unpaid plan (not one in service, suspended by staff or without its number)
  'protectLimit',      // spec section 4: "max 120 days total": the periods asked for pass the 120 days (data.daysLeft)
  'protectEnded',      // keeping ends (an early end was asked) or ended: it cannot be bought again for this suspension
  'protectUnchanged',  // number keeping is not in a state this change applies to (not kept, already ending)
  'referralUnchanged', // issue 18: the referral moved meanwhile (a clock job ran twice, another gateway was first)
  'numberLocked',      // FCC 23-95: the number lock is on: SIM changes and port-outs are refused until it is turned off
  'simUnchanged',      // the line cannot make this SIM change now (already an eSIM, no physical card to go back to, changed meanwhile)
  // Issue 16: SIM replacement (decision 0037).
  'replacementCard',   // activation step 1: this card replaces the SIM of a line; it is activated in the account (/personal/upgradeNewCard)
  'replacementOpen',   // a replacement SIM for this line is already on its way: one at a time (cancel it first)
  'replacementUnavailable', // the line cannot get a replacement SIM now (its number was removed)
  'replacementNotReady', // there is no replacement card to activate yet (none ordered, not shipped yet, or cancelled)
  // Issue 18: campaigns (decision 0042).
  'campaignClosed',    // no edition of the campaign runs now (data: the next or last dates)
  'campaignNotEligible', // spec section 6: campaigns are for current individual customers (not business, enterprise, employee or agents)
  'campaignTooEarly',  // spec section 9: "screenshot 24 hours after forwarding": not yet (data.readyAt)
  'rewardUnchanged',   // the participation is not in a state this decision applies to (decided meanwhile, not under review)
  // Issue 18: the WeChat Pay agreement (decision 0046).
  'agreementNotSigned', // no signed WeChat Pay agreement to pay with: sign it first, or pay by QR code or card
  'agreementEnded',    // WeChat Pay refused the deduction: the agreement was ended in WeChat (sign again, or pay another way)
  'agreementTopUpsOnly', // the agreement pays the customer's own top-ups only (spec section 4: never a renewal)
  // Issue 18: the student purchase (decision 0045).
  'eduEmailUnverified', // a student order without a proof of its edu address (none, expired, or for another address): verify it again
] as const;

export type DialogCode = (typeof DIALOG_CODES)[number];
export type BlankCode = (typeof BLANK_CODES)[number];
export type ProductCode = (typeof PRODUCT_CODES)[number];
export type ErrorCode = DialogCode | BlankCode | ProductCode;

export const SUCCESS_CODE = '200';
/** 120087 payment info expired: dialog, then home (spec section 4). */
export const PAYMENT_EXPIRED_CODE = '120087';

export const isDialogCode = (code: string): code is DialogCode => (DIALOG_CODES as readonly string[]).includes(code);
export const isBlankCode = (code: string): code is BlankCode => (BLANK_CODES as readonly string[]).includes(code);

/** Key of the message in the `errors` namespace. */
export const errorMessageKey = (code: string): string => `code.${code}`;
export const httpMessageKey = (status: number): string => `http.${status}`;

/** HTTP status the gateway answers with for a catalogue code. */
export const statusForCode = (code: string): number => {
  switch (code) {
    case 'validation': case 'passwordRule': case 'passwordMismatch': case 'passwordSameAsOld':
    case 'captchaWrong': case 'codeWrong': case 'codeExpired': case 'codeLocked': case 'ticketInvalid':
      return 400;
    case 'unauthorized': return 401;
    case 'crossSiteRequest': return 403;
    case 'notFound': return 404;
    case 'rateLimited': case 'loginThrottled': return 429;
    case '120086': case '90056': case 'alreadyRegistered': case 'resubmit': case 'alreadyShipped':
    case 'numberTaken': case 'usernameTaken': case 'portInNotCorrectable': case 'activationPlanExists':
    case 'birthdaySet': case 'cardPaysRenewal': return 409;
    case 'autoRenewalMaintenance': return 503;
    case 'autoRenewalUnchanged': case 'serviceUnchanged': case 'notSuspended': case 'addOnLimit': case 'dualUnchanged': return 409;
    case 'imageTooLarge': return 413;
    case 'imageOnlyJpg': return 415;
    case 'staffLoginFailed': return 401;
    case 'protectNotYet': case 'protectUnavailable': case 'protectLimit': case 'protectEnded': case 'protectUnchanged': return 409;
    case 'referralUnchanged': return 409;
    case 'numberLocked': return 423;
    case 'simUnchanged': return 409;
    case 'replacementCard': case 'replacementOpen': case 'replacementUnavailable': case 'replacementNotReady': return 409;
    case 'campaignClosed': case 'campaignTooEarly': case 'rewardUnchanged': return 409;
    case 'agreementNotSigned': case 'agreementEnded': case 'agreementTopUpsOnly': return 409;
    case 'renewalLinkInvalid': return 403;
    case 'activationLocked': return 429;
    case 'activationTokenInvalid': return 400;
    case 'productNotFound': case 'noRecord': case 'noEsim': return 404;
    case 'idempotencyKey': return 400;
    case 'serverError': case 'codeFetchFailed': return 500;
    default: return 422;
  }
};
