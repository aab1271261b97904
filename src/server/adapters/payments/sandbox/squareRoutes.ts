/**
 * The Square-shaped Payments API the gateway calls with its access token (Bearer): CreatePayment, ListPayments
 * (by reference_id, a sandbox extension the reconciliation needs), GetPayment, RefundPayment and CreateCard
 * (a card on file from a completed payment or a card token), RetrieveCard and DisableCard. Cards carry Square's
 * `fingerprint` (decision 0043).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { squareBrand } from '../brands';
import { createPayment, findPayment, listPayments, refundPayment, type PaymentRow } from './cardPayments';
import { findCardOnFile, storeCardFromPayment, type CardOnFileRow } from './cardsOnFile';
import { disableCard, storeCardFromToken } from './cardsFromForm';
import { isCardToken } from './cardTokens';
import { TEST_NONCES } from '../testValues';
import type { SandboxContext } from './context';
import { queryParam } from './http';
import { invalidValue, sendSquareError } from './squareErrors';

const money = z.object({ amount: z.number().int().min(1).max(99_999_999), currency: z.literal('USD') });

const createPaymentBody = z.object({
  idempotency_key: z.string().min(1).max(45),
  source_id: z.string().min(1).max(200),
  amount_money: money,
  location_id: z.string().optional(),
  reference_id: z.string().min(1).max(40).optional(),
  billing_address: z.object({ postal_code: z.string().max(20).optional() }).optional(),
  autocomplete: z.literal(true).optional(),
});

const refundBody = z.object({ idempotency_key: z.string().min(1).max(45), payment_id: z.string().min(1).max(192), amount_money: money });

const createCardBody = z.object({
  idempotency_key: z.string().min(1).max(45),
  source_id: z.string().min(1).max(192),
  card: z.object({
    customer_id: z.string().min(1).max(191),
    cardholder_name: z.string().max(96).optional(),
    billing_address: z.object({ postal_code: z.string().max(20).optional() }).optional(),
  }),
});

export function paymentJson(p: PaymentRow, locationId: string) {
  const at = p.createdAt.toISOString();
  return {
    id: p.id, created_at: at, updated_at: at,
    amount_money: { amount: p.amountCents, currency: 'USD' },
    ...(p.status === 'REFUNDED' ? { refunded_money: { amount: p.amountCents, currency: 'USD' }, refund_ids: [refundId(p.id)] } : {}),
    status: p.status === 'FAILED' ? 'FAILED' : 'COMPLETED',
    source_type: 'CARD',
    card_details: {
      status: p.status === 'FAILED' ? 'FAILED' : 'CAPTURED',
      card: { card_brand: squareBrand(p.brand ?? 'unknown'), last_4: p.last4, exp_month: p.expMonth, exp_year: p.expYear, fingerprint: p.fingerprint ?? undefined },
      ...(p.errorCode ? { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: p.errorCode }] } : {}),
    },
    location_id: locationId,
    reference_id: p.referenceId ?? undefined,
    // Not in Square's Payment object: the sandbox answers it so reconciliation can match its own attempts.
    idempotency_key: p.idempotencyKey,
  };
}

const refundId = (paymentId: string) => `${paymentId}_RF`;

const cardJson = (c: CardOnFileRow) => ({
  id: c.id, card_brand: squareBrand(c.brand), last_4: c.last4, exp_month: c.expMonth, exp_year: c.expYear,
  customer_id: c.customerRef, enabled: c.disabledAt === null, fingerprint: c.fingerprint ?? undefined, cardholder_name: c.cardholderName ?? undefined, billing_address: c.postalCode ? { postal_code: c.postalCode } : undefined,
});

function parseOr400<T>(schema: z.ZodType<T>, request: FastifyRequest, reply: FastifyReply): T | null {
  const parsed = schema.safeParse(request.body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  void sendSquareError(reply, invalidValue(issue.path.join('.'), issue.message));
  return null;
}

export function squareRoutes(app: FastifyInstance, ctx: SandboxContext) {
  const { accessToken, locationId } = ctx.credentials.square;

  void app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        return sendSquareError(reply, { status: 401, category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'The access token is missing or not valid.' });
      }
    });

    api.post('/v2/payments', async (request, reply) => {
      const body = parseOr400(createPaymentBody, request, reply);
      if (!body) return reply;
      if (body.location_id && body.location_id !== locationId) {
        return sendSquareError(reply, { status: 404, category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `Location ${body.location_id} not found.`, field: 'location_id' });
      }
      const answer = await createPayment(ctx.db, ctx.clock, {
        idempotencyKey: body.idempotency_key, sourceId: body.source_id, amountCents: body.amount_money.amount,
        referenceId: body.reference_id ?? null, billingPostalCode: body.billing_address?.postal_code ?? null,
      });
      if (answer.payment) {
        request.log.info({ payment: answer.payment.id, status: answer.payment.status, code: answer.payment.errorCode, brand: answer.payment.brand, last4: answer.payment.last4 }, 'card payment');
      }
      const payment = answer.payment ? { payment: paymentJson(answer.payment, locationId) } : {};
      return answer.error ? sendSquareError(reply, answer.error, payment) : payment;
    });

    api.get('/v2/payments', async (request, reply) => {
      const referenceId = queryParam(request, 'reference_id');
      if (!referenceId) return sendSquareError(reply, invalidValue('reference_id', 'The sandbox lists payments by reference_id.'));
      return { payments: (await listPayments(ctx.db, referenceId)).map((p) => paymentJson(p, locationId)) };
    });

    api.get<{ Params: { id: string } }>('/v2/payments/:id', async (request, reply) => {
      const payment = await findPayment(ctx.db, request.params.id);
      if (!payment) return sendSquareError(reply, { status: 404, category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Payment not found.' });
      return { payment: paymentJson(payment, locationId) };
    });

    api.post('/v2/refunds', async (request, reply) => {
      const body = parseOr400(refundBody, request, reply);
      if (!body) return reply;
      const answer = await refundPayment(ctx.db, { paymentId: body.payment_id, amountCents: body.amount_money.amount });
      if ('error' in answer) return sendSquareError(reply, answer.error);
      request.log.info({ payment: answer.payment.id }, 'card payment refunded');
      return {
        refund: {
          id: refundId(answer.payment.id), status: 'COMPLETED', payment_id: answer.payment.id, location_id: locationId,
          amount_money: { amount: answer.payment.amountCents, currency: 'USD' }, created_at: ctx.clock.now().toISOString(),
        },
      };
    });

    api.post('/v2/cards', async (request, reply) => {
      const body = parseOr400(createCardBody, request, reply);
      if (!body) return reply;
      const fromForm = isCardToken(body.source_id) || Boolean(TEST_NONCES[body.source_id]);
      const answer = fromForm
        ? await storeCardFromToken(ctx.db, ctx.clock, {
          idempotencyKey: body.idempotency_key, sourceId: body.source_id, customerRef: body.card.customer_id,
          cardholderName: body.card.cardholder_name ?? null, billingPostalCode: body.card.billing_address?.postal_code ?? null,
        })
        : await storeCardFromPayment(ctx.db, ctx.clock, body.source_id, body.card.customer_id);
      if ('error' in answer) return sendSquareError(reply, answer.error);
      return { card: cardJson(answer.card) };
    });

    // RetrieveCard: the gateway asks for the fingerprint of a card it kept before the sandbox gave one (decision 0043).
    api.get<{ Params: { id: string } }>('/v2/cards/:id', async (request, reply) => {
      const card = await findCardOnFile(ctx.db, request.params.id);
      if (!card) return sendSquareError(reply, { status: 404, category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `Card ${request.params.id} not found.` });
      return { card: cardJson(card) };
    });

    api.post<{ Params: { id: string } }>('/v2/cards/:id/disable', async (request, reply) => {
      const answer = await disableCard(ctx.db, ctx.clock, request.params.id);
      if ('error' in answer) return sendSquareError(reply, answer.error);
      return { card: cardJson(answer.card) };
    });
  });
}
