/**
 * Every limit of the gateway, in one table (the README lists them). A rule counts hits per subject (an account, a
 * phone number, an IP, ...) in a window that opens at the subject's first hit and lasts `windowMs` on the gateway
 * clock; within it at most `max` hits count, and a hit that finds no room counts nothing and is told when the window
 * closes. A rule with `lockMs` is a lockout: the hit that fills it locks the subject for `lockMs` from that moment.
 */
export interface LimitRule {
  /** Names the counter: its key is `<id>:<subject>`. */
  readonly id: string;
  readonly max: number;
  readonly windowMs: number;
  readonly lockMs?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LOGIN_WINDOW_MS = 15 * MINUTE;

export const RULES = {
  /** Password checks of one account (or, for a name that matches none, of that name as the login reads it). */
  loginAccount: { id: 'login.account', max: 5, windowMs: LOGIN_WINDOW_MS, lockMs: LOGIN_WINDOW_MS },
  /** Failed password checks from one IP, on any accounts. */
  loginIp: { id: 'login.ip', max: 30, windowMs: LOGIN_WINDOW_MS, lockMs: LOGIN_WINDOW_MS },
  /** SMS codes to one number: one a minute, 5 an hour, 10 a day. */
  smsPhoneMinute: { id: 'sms.phone.minute', max: 1, windowMs: MINUTE },
  smsPhoneHour: { id: 'sms.phone.hour', max: 5, windowMs: HOUR },
  smsPhoneDay: { id: 'sms.phone.day', max: 10, windowMs: DAY },
  /** SMS codes asked for from one IP. */
  smsIp: { id: 'sms.ip', max: 30, windowMs: HOUR },
  /** SMS codes to one block of numbers (US area code and exchange, China mobile's first 7 digits): SMS pumping. */
  smsPrefix: { id: 'sms.prefix', max: 20, windowMs: HOUR },
  /** Tracking codes emailed for one order number and email: one a minute, 5 an hour, 10 a day. */
  trackingPairMinute: { id: 'tracking.pair.minute', max: 1, windowMs: MINUTE },
  trackingPairHour: { id: 'tracking.pair.hour', max: 5, windowMs: HOUR },
  trackingPairDay: { id: 'tracking.pair.day', max: 10, windowMs: DAY },
  /** Tracking codes asked for from one IP. */
  trackingIp: { id: 'tracking.ip', max: 30, windowMs: HOUR },
  /** eSIM install re-authentication codes for one account (by SMS or email): one a minute, 5 an hour. */
  installCodeMinute: { id: 'install.code.minute', max: 1, windowMs: MINUTE },
  installCodeHour: { id: 'install.code.hour', max: 5, windowMs: HOUR },
  /** Codes emailed to a new address for the account's email change (per address): one a minute, 5 an hour, 10 a day. */
  emailCodeMinute: { id: 'emailCode.minute', max: 1, windowMs: MINUTE },
  emailCodeHour: { id: 'emailCode.hour', max: 5, windowMs: HOUR },
  emailCodeDay: { id: 'emailCode.day', max: 10, windowMs: DAY },
  /** Email-change codes one account asks for, to any addresses. */
  emailCodeAccount: { id: 'emailCode.account', max: 10, windowMs: DAY },
  /** Cards one account adds (each is checked with the bank): card testing. */
  cardAddAccount: { id: 'cardAdd.account', max: 5, windowMs: DAY },
  /** Image captchas made for one IP. */
  captchaIp: { id: 'captcha.ip', max: 100, windowMs: 10 * MINUTE },
  /** Top-ups one account asks for (issue 14, "top-up amounts and counts"): 20 a day, paid or not. */
  topUpCustomerDay: { id: 'topup.customer.day', max: 20, windowMs: DAY },
  /** checkIsRegistered (it tells whether a verified number has an account) from one IP. */
  registeredIp: { id: 'registered.ip', max: 30, windowMs: HOUR },
  /** ID photo uploads of one customer (issue 16): three photos, re-taken a few times over, with room to spare. */
  idPhotoDay: { id: 'idPhoto.day', max: 30, windowMs: DAY },
  /** Campaign screenshots of one customer (issue 18): up to 10 for a participation, re-taken a few times over. */
  campaignShotDay: { id: 'campaignShot.day', max: 40, windowMs: DAY },
  /** WeChat Pay signing sessions one customer opens (decision 0046): a few tries a day, each one a call to WeChat Pay. */
  wechatSignDay: { id: 'wechatSign.day', max: 10, windowMs: DAY },
  /** Staff console logins (issue 16): per staff email and per IP, every try counted, success or not. */
  staffLoginAccount: { id: 'staffLogin.account', max: 5, windowMs: LOGIN_WINDOW_MS, lockMs: LOGIN_WINDOW_MS },
  staffLoginIp: { id: 'staffLogin.ip', max: 20, windowMs: LOGIN_WINDOW_MS, lockMs: LOGIN_WINDOW_MS },
  /** Contact form messages (issue 18): per sender's email and per IP, every send counted (a robot's caught ones too). */
  contactEmail: { id: 'contact.email', max: 5, windowMs: HOUR },
  contactIp: { id: 'contact.ip', max: 10, windowMs: HOUR },
  /** Codes emailed to a student's academic address (issue 18, decision 0045): per address as for email changes, per IP 30 an hour. */
  eduCodeMinute: { id: 'eduCode.minute', max: 1, windowMs: MINUTE },
  eduCodeHour: { id: 'eduCode.hour', max: 5, windowMs: HOUR },
  eduCodeDay: { id: 'eduCode.day', max: 10, windowMs: DAY },
  eduCodeIp: { id: 'eduCode.ip', max: 30, windowMs: HOUR },
  /** Dealer applications (issue 18): per email and per IP in a day. */
  dealerEmail: { id: 'dealer.email', max: 3, windowMs: DAY },
  dealerIp: { id: 'dealer.ip', max: 5, windowMs: DAY },
} as const satisfies Record<string, LimitRule>;

/** The coarse guard on API routes: requests per minute from one IP (RATE_LIMIT_PER_MINUTE). */
export const apiRule = (perMinute: number): LimitRule => ({ id: 'api.ip', max: perMinute, windowMs: MINUTE });
