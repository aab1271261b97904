/** Issue 18's routes: the contact form and the dealer application (public), and the staff console's inbox. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract';
import type { Deps } from '../context';
import { route } from '../http/route';
import { closeInboxItem, inboxItem, inboxList } from './inbox';
import { storeContactMessage, storeDealerApplication } from './store';

export function enquiryRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, endpoints.contactSend, async (ctx) => storeContactMessage(deps, ctx.body, { ip: ctx.ip, lang: ctx.lang }));
  route(app, deps, endpoints.dealerApply, async (ctx) => storeDealerApplication(deps, ctx.body, { ip: ctx.ip, lang: ctx.lang }));
  route(app, deps, endpoints.staffInbox, async (ctx) => inboxList(deps, ctx.staff(), ctx.query.box, ctx.query.status, ctx.query.page));
  route(app, deps, endpoints.staffInboxItem, async (ctx) => inboxItem(deps, ctx.staff(), ctx.query.box, ctx.query.item));
  route(app, deps, endpoints.staffInboxClose, async (ctx) => closeInboxItem(deps, ctx.staff(), ctx.body.box, ctx.body.item));
}
