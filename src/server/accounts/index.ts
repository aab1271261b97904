/**
 * Accounts: customers, passwords, sessions, SMS codes and tickets, the captcha, login and send limits, saved cards
 * (the customer's pay methods), and the login, OAuth, personal and captcha routes. Other areas, http/route.ts
 * (the Bearer session) and the seed use it through this index.
 */
export { captchaFromHeaders, checkCaptcha } from './captcha';
export { captchaRoutes } from './captchaRoutes';
export { CODE_TTL_MS, spendNewestCode } from './codes';
export { loginRoutes } from './loginRoutes';
export { oauthRoutes } from './oauthRoutes';
export { burnPasswordCheck, checkPassword, hashPassword, verifyPassword } from './passwords';
export { loginSubject, passwordCheckPassed, takePasswordCheck } from './loginThrottle';
export { personalRoutes } from './personalRoutes';
export { profileRoutes } from './profileRoutes';
export { referralCodeOf } from './referral';
export { defaultCard, listSavedCards, payMethodsFor, saveCard, type SavedCard } from './savedCards';
export { RESEND_AFTER_SECONDS, smsSendHits } from './sendLimits';
