/**
 * Money in the account portal (issue 14, part MONEY): top-ups of a General or ILD account (spec section 3, Recharge:
 * "phone number, amount, account type"), the bills (every charge and credit by month, previewed and downloaded as a
 * PDF) and the customer's orders. A top-up is paid through the payment endpoints like any order (decision 0020).
 */
import { z } from 'zod';
import { defineEndpoint, PCAPP } from './endpoint';
import { recordIdField, textField } from './fields';
import { IDEMPOTENCY_HEADER, orderNoText } from './orders';
import { payMethod } from './personal';
import { isUsPhone, normalizePhone } from '../domain/phone';

/** Spec section 5: "Top-up: amount integer 1-9999" (US dollars); section 9: "top-up 1-9999". */
export const TOP_UP_MIN_DOLLARS = 1;
export const TOP_UP_MAX_DOLLARS = 9999;

/** Spec section 3, Balances: "General account ... and ILD account". */
export const topUpAccount = z.enum(['general', 'ild'], { error: 'validation:topUp.accountRequired' });
export type TopUpAccount = z.infer<typeof topUpAccount>;

/** "Number required and correct": a US number of one of our lines (the gateway checks it is ours). */
export const topUpPhoneField = textField({ max: 32, trim: true, required: 'validation:topUp.phoneRequired', tooLong: 'validation:topUp.phoneInvalid' })
  .min(1, { error: 'validation:topUp.phoneRequired', abort: true })
  .transform(normalizePhone)
  .refine(isUsPhone, 'validation:topUp.phoneInvalid');

/** "Amount integer 1-9999". */
export const topUpAmountField = z.number({ error: 'validation:topUp.amountRequired' })
  .int({ error: 'validation:topUp.amountInteger', abort: true })
  .min(TOP_UP_MIN_DOLLARS, 'validation:topUp.amountRange')
  .max(TOP_UP_MAX_DOLLARS, 'validation:topUp.amountRange');

export const topUpForm = z.object({
  account: topUpAccount,
  phone: topUpPhoneField,
  /** Whole US dollars. */
  amount: topUpAmountField,
});
export type TopUpFormInput = z.input<typeof topUpForm>;

export const topUpData = z.object({
  orderNo: z.string(),
  status: z.enum(['awaiting_payment', 'paying', 'paid', 'payment_failed', 'cancelled']),
  account: z.enum(['general', 'ild']),
  /** The number topped up, as typed (normalized); nothing about the line's owner. */
  phone: z.string(),
  amountCents: z.number().int(),
  /** The methods this top-up may be paid by: never the balance itself. */
  payMethods: z.array(payMethod),
  failureCode: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TopUpData = z.infer<typeof topUpData>;

/**
 * Creates a top-up awaiting payment (then payOrder with its order number). Same Idempotency-Key and body: the same
 * top-up again; another body: 120086. A number that is none of our active lines: 'validation' on the field phone.
 */
export const topUpCreate = defineEndpoint({
  id: 'topUpCreate',
  method: 'POST',
  path: `${PCAPP}/recharge/create`,
  summary: 'Creates a top-up of the General or ILD account of one of our lines, awaiting payment, idempotently.',
  body: topUpForm,
  headers: [IDEMPOTENCY_HEADER],
  auth: 'required',
  response: topUpData,
});

export const topUpDetail = defineEndpoint({
  id: 'topUpDetail',
  method: 'POST',
  path: `${PCAPP}/recharge/detail`,
  summary: 'A top-up the logged-in customer asked for.',
  body: z.object({ orderNo: orderNoText }),
  auth: 'required',
  response: topUpData,
});

// ---- bills -----------------------------------------------------------------------------------

/** A month of bills: YYYY-MM in Pacific time. */
export const billMonthField = textField({ max: 7, trim: true, required: 'validation:bill.month' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation:bill.month');

/** One line of a bill: a charge (an order paid, later renewals, add-ons) or a credit (a top-up, later rewards). */
export const billEntry = z.object({
  /** Stable reference of the entry, e.g. 'order:LB...' or 'topup:LB...'. */
  ref: z.string(),
  kind: z.enum(['order', 'topup', 'renewal', 'addOn', 'usage', 'reward', 'dualNumber', 'protect', 'other']),
  direction: z.enum(['charge', 'credit']),
  at: z.string(),
  /** What the entry is, in words the bill shows (a plan name, "General account"...); translated by kind on the page. */
  label: z.string(),
  orderNo: z.string().nullable(),
  /** Before tax, tax, and what was paid (cents). */
  amountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  payMethod: payMethod.nullable(),
  account: z.enum(['general', 'ild']).nullable(),
});
export type BillEntry = z.infer<typeof billEntry>;

export const billMonth = z.object({
  month: z.string(),
  /** Bill number: LB-<customer>-<YYYYMM>. */
  billNo: z.string(),
  chargesCents: z.number().int(),
  creditsCents: z.number().int(),
  taxCents: z.number().int(),
  count: z.number().int(),
});
export type BillMonth = z.infer<typeof billMonth>;

export const billList = defineEndpoint({
  id: 'billList',
  method: 'POST',
  path: `${PCAPP}/personalcenter/billList`,
  summary: "The months in which the customer was charged or credited, newest first, paged.",
  body: z.object({ page: recordIdField().optional().default(1), pageSize: z.number().int().min(1).max(24).optional().default(12) }),
  auth: 'required',
  response: z.object({ months: z.array(billMonth), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

export const billDetail = defineEndpoint({
  id: 'billDetail',
  method: 'POST',
  path: `${PCAPP}/personalcenter/billDetail`,
  summary: "One month's bill: every charge and credit, totals, bill number.",
  body: z.object({ month: billMonthField }),
  auth: 'required',
  response: billMonth.extend({ entries: z.array(billEntry) }),
});

/** The bill of a month as a PDF (raw body, application/pdf), in the request's language. */
export const billPdf = defineEndpoint({
  id: 'billPdf',
  method: 'GET',
  path: `${PCAPP}/personalcenter/billPdf`,
  summary: "One month's bill as a PDF made by the gateway, in the request's language.",
  query: z.object({ month: billMonthField }),
  auth: 'required',
  raw: true,
  response: z.unknown(),
});

// ---- orders ----------------------------------------------------------------------------------

export const myOrderSummary = z.object({
  orderNo: z.string(),
  kind: z.enum(['plan', 'global']),
  /** A free replacement card for one of the customer's US lines (decision 0037), listed with the plan orders. */
  replacement: z.boolean(),
  status: z.enum(['awaiting_payment', 'paying', 'paid', 'payment_failed', 'cancelled']),
  planName: z.string(),
  months: z.number().int(),
  simType: z.enum(['physical', 'esim']),
  simCount: z.number().int(),
  payAmountCents: z.number().int(),
  logisticsStatus: z.enum(['not_shipped', 'shipped']),
  createdAt: z.string(),
});
export type MyOrderSummary = z.infer<typeof myOrderSummary>;

export const myOrders = defineEndpoint({
  id: 'myOrders',
  method: 'POST',
  path: `${PCAPP}/order/myOrders`,
  summary: "The logged-in customer's orders (US plans and replacement SIM cards, or the global data SIM with kind 'global'), newest first, paged.",
  body: z.object({
    kind: z.enum(['plan', 'global']).optional().default('plan'),
    page: recordIdField().optional().default(1),
    pageSize: z.number().int().min(1).max(50).optional().default(10),
  }),
  auth: 'required',
  response: z.object({ orders: z.array(myOrderSummary), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

export const orderPaymentLine = z.object({
  at: z.string(),
  method: payMethod,
  status: z.enum(['pending', 'paid', 'failed']),
  amountCents: z.number().int(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type OrderPaymentLine = z.infer<typeof orderPaymentLine>;

/** The payments of one order (its detail page shows them under the order's own data). */
export const myOrderPayments = defineEndpoint({
  id: 'myOrderPayments',
  method: 'POST',
  path: `${PCAPP}/order/myOrderPayments`,
  summary: "Every payment attempt of one of the customer's orders.",
  body: z.object({ orderNo: orderNoText }),
  auth: 'required',
  response: z.object({ payments: z.array(orderPaymentLine) }),
});
