/**
 * Outgoing SMS and email. The sandbox implementation (the only one so far) writes every message to
 * outbox_messages, where the dev inbox (/sandbox/inbox) reads it, and prints one line per message.
 * The text is printed only while the sandbox inbox is on; otherwise only the masked recipient.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { formatPhone, maskPhone } from '../../domain/phone';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { outboxMessages } from '../db/schema';

/** `idempotencyKey`: the same key is accepted once, as real providers' idempotency keys are (a retried job sends nothing twice). */
export type MessageMeta = Record<string, unknown> & { lang?: string; idempotencyKey?: string };
export type OutboxMessage = typeof outboxMessages.$inferSelect;

export interface MessagesAdapter {
  sendSms(to: string, text: string, meta?: MessageMeta): Promise<void>;
  sendEmail(to: string, subject: string, text: string, html?: string, meta?: MessageMeta): Promise<void>;
}

export interface SandboxMessagesOptions {
  db: Db;
  clock: Clock;
  /** Print the message text (sandbox inbox on) or only the masked recipient. */
  showText: boolean;
  print?: (line: string) => void;
}

const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function createSandboxMessages(opts: SandboxMessagesOptions): MessagesAdapter {
  const print = opts.print ?? ((line: string) => console.log(line));
  /** Answers false when a message with the same idempotency key was already accepted (a retried job): nothing is sent twice. */
  const write = async (channel: 'sms' | 'email', to: string, subject: string | null, body: string, meta: MessageMeta = {}): Promise<boolean> => {
    const { lang = 'en', ...rest } = meta;
    if (rest.idempotencyKey) {
      const [seen] = await opts.db.select({ id: outboxMessages.id }).from(outboxMessages)
        .where(and(eq(outboxMessages.to, to), sql`${outboxMessages.meta}->>'idempotencyKey' = ${String(rest.idempotencyKey)}`)).limit(1);
      if (seen) return false;
    }
    // With the inbox off nobody should read codes back: the record keeps the message, not its code.
    const hide = (text: string) => (opts.showText ? text : text.replace(/\b\d{6}\b/g, '••••••'));
    const kept = typeof rest.html === 'string' ? { ...rest, html: hide(rest.html) } : rest;
    await opts.db.insert(outboxMessages).values({ channel, to, subject, body: hide(body), lang, meta: kept, createdAt: opts.clock.now() });
    return true;
  };
  return {
    async sendSms(to, text, meta) {
      await write('sms', to, null, text, meta);
      print(opts.showText ? `[sandbox sms] to ${formatPhone(to)}: ${oneLine(text)}` : `[sandbox sms] to ${maskPhone(to)}`);
    },
    async sendEmail(to, subject, text, html, meta) {
      if (!await write('email', to, subject, text, { ...meta, ...(html ? { html } : {}) })) return;
      print(opts.showText ? `[sandbox email] to ${to}: ${oneLine(subject)} | ${oneLine(text)}` : `[sandbox email] to ${maskEmail(to)}`);
    },
  };
}

/** Newest first; `to` is a phone (any format the customer types) or an email. */
export async function listOutbox(db: Db, to?: string, limit = 100): Promise<OutboxMessage[]> {
  return db.select().from(outboxMessages)
    .where(to ? eq(outboxMessages.to, to) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(limit);
}
