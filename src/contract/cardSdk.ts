/**
 * The browser API of the card payment provider's SDK (the payment sandbox serves it from its own origin at
 * `payConfig.sdkUrl`, shaped like Square's Web Payments SDK). The page loads the script, attaches the card form
 * (an iframe of the provider's origin: the page's scripts never see the card number or CVV) and asks it for a
 * single-use token, which is all the gateway ever receives.
 *
 *   const payments = window.PaySandbox.payments(applicationId, locationId);
 *   const card = await payments.card({ lang: 'zh-Hans' });
 *   await card.attach('#card-container');
 *   const result = await card.tokenize();   // { status: 'OK', token, details } or { status: 'Invalid', errors }
 */
export type CardField = 'cardNumber' | 'expirationDate' | 'cvv' | 'postalCode';

export interface CardFieldError {
  field: CardField;
  /** 'required' | 'invalid' | 'checkDigit' | 'length' | 'expired' | ... */
  type: string;
  /** Already in the language the card form was created with. */
  message: string;
}

export interface TokenDetails {
  card: { brand: string; last4: string; expMonth: number; expYear: number };
  billing: { postalCode: string };
}

export type TokenResult =
  | { status: 'OK'; token: string; details: TokenDetails }
  | { status: 'Invalid'; errors: CardFieldError[] }
  | { status: 'Error'; errors: { type: string; message: string }[] };

export interface CardFormEvent {
  /** Whether every field is currently valid (the form can be tokenized). */
  complete: boolean;
  field: CardField | null;
}

export interface CardForm {
  /** Renders the card form iframe into the element (or selector). */
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(): Promise<TokenResult>;
  /** Removes the iframe and forgets everything typed. */
  destroy(): Promise<void>;
  /** The form's language can change while attached (the page's language switch). */
  setLanguage(lang: string): void;
  addEventListener(type: 'change', listener: (event: CardFormEvent) => void): void;
  removeEventListener(type: 'change', listener: (event: CardFormEvent) => void): void;
}

export interface PaymentsClient {
  card(options?: { lang?: string }): Promise<CardForm>;
}

export interface PaySandboxGlobal {
  payments(applicationId: string, locationId: string): PaymentsClient;
}

/** The global the SDK script defines. */
export const SDK_GLOBAL = 'PaySandbox';
