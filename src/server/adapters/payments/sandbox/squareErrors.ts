/** Square's error shape ({ errors: [{ category, code, detail, field }] }) and the answer that carries it. */
import type { FastifyReply } from 'fastify';

export interface SquareError {
  status: number;
  category: 'API_ERROR' | 'AUTHENTICATION_ERROR' | 'INVALID_REQUEST_ERROR' | 'PAYMENT_METHOD_ERROR' | 'REFUND_ERROR';
  code: string;
  detail: string;
  field?: string;
}

export function sendSquareError(reply: FastifyReply, error: SquareError, extra: Record<string, unknown> = {}) {
  const { status, ...body } = error;
  return reply.status(status).send({ errors: [body], ...extra });
}

export const invalidValue = (field: string, detail: string): SquareError =>
  ({ status: 400, category: 'INVALID_REQUEST_ERROR', code: 'INVALID_VALUE', detail, field });
