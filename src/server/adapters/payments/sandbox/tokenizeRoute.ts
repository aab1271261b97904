/**
 * Tokenization: the card form (an iframe of this origin) posts what the buyer typed here, and gets a single-use
 * token back. Every rule is checked again on the server, and only brand, last four, expiry, postal code and the
 * test scenario are kept. Nothing here is logged but the outcome.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { entryProblems, keptCard } from '../cardEntry';
import { problemMessage, sandboxLanguage } from '../texts';
import type { SandboxContext } from './context';
import { issueToken } from './cardTokens';
import { fingerprintKey, fingerprintOf } from './fingerprints';

export const TOKENIZE_PATH = '/v1/card-nonce';

const body = z.object({
  applicationId: z.string().max(100),
  number: z.string().max(40),
  exp: z.string().max(10),
  cvv: z.string().max(8),
  postalCode: z.string().max(20),
  lang: z.string().max(20).optional(),
});

export function tokenizeRoute(app: FastifyInstance, ctx: SandboxContext) {
  app.post(TOKENIZE_PATH, async (request, reply) => {
    // Only this origin's card form may post a card from a browser; a page elsewhere gets nothing back.
    const origin = request.headers.origin;
    if (origin && origin !== ctx.browserOrigin) {
      return reply.status(403).send({ errors: [{ type: 'forbidden', message: 'Cross-origin tokenization is not allowed.' }] });
    }
    const parsed = body.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ errors: [{ type: 'badRequest', message: 'Malformed card details.' }] });
    const entry = parsed.data;
    const lang = sandboxLanguage(entry.lang);
    if (entry.applicationId !== ctx.credentials.square.applicationId) {
      return reply.status(401).send({ errors: [{ type: 'unauthorized', message: 'Unknown application id.' }] });
    }
    const now = ctx.clock.now();
    const problems = entryProblems(entry, now);
    const card = problems.length ? null : keptCard(entry, now);
    if (!card) {
      request.log.info({ fields: problems.map((p) => `${p.field}:${p.type}`) }, 'card refused');
      return reply.status(400).send({ errors: problems.map((p) => ({ ...p, message: problemMessage(lang, p.field, p.type) })) });
    }
    // The fingerprint is made here, where the number is, and the number is let go (decision 0043).
    const token = await issueToken(ctx.db, ctx.clock, card, fingerprintOf(await fingerprintKey(ctx.db), entry.number));
    request.log.info({ brand: card.brand, last4: card.last4, scenario: card.scenario }, 'card tokenized');
    return {
      token: token.token,
      details: {
        card: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear },
        billing: { postalCode: card.postalCode },
      },
    };
  });
}
