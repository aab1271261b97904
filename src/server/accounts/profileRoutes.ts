/** My information, the email change, the password reset by SMS code and the saved cards (issue 14, PROFILE). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { Deps } from '../context';
import { idempotencyKeyOf } from '../http/idempotency';
import { route } from '../http/route';
import { addCard, cardsOf, removeCard, setDefaultCard } from './bankCards';
import { resetPasswordBySms, sendPasswordCode } from './passwordChange';
import { changeEmail, profileOf, sendEmailCode, updateProfile } from './profile';

export function profileRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.profileInfo, async ({ session }) => profileOf(deps, session().customerId));
  route(app, deps, endpoints.profileUpdate, async ({ session, body }) => updateProfile(deps, session().customerId, body));
  route(app, deps, endpoints.emailSendCode, async ({ session, body, lang }) => sendEmailCode(deps, session().customerId, body.email, lang));
  route(app, deps, endpoints.emailChange, async ({ session, body }) => changeEmail(deps, session().customerId, body.email, body.code));

  route(app, deps, endpoints.passwordSendCode, async ({ session, ip, lang }) => sendPasswordCode(deps, session().customerId, ip, lang));
  route(app, deps, endpoints.resetPwdBySms, async ({ session, body, lang }) => {
    const { customerId, sessionId } = session();
    await resetPasswordBySms(deps, { customerId, sessionId, code: body.code, password: body.newPassword, lang });
    return { changed: true as const };
  });

  route(app, deps, endpoints.bankCards, async ({ session }) => cardsOf(deps, session().customerId));
  route(app, deps, endpoints.addCard, async ({ session, body, header }) => addCard(deps, {
    customerId: session().customerId, idempotencyKey: idempotencyKeyOf(header(IDEMPOTENCY_HEADER)),
    sourceId: body.sourceId, cardholderName: body.cardholderName, billingZip: body.billingZip,
  }));
  route(app, deps, endpoints.setDefaultCard, async ({ session, body }) => setDefaultCard(deps, session().customerId, body.cardId));
  route(app, deps, endpoints.removeCard, async ({ session, body }) => removeCard(deps, session().customerId, body.cardId));
}
