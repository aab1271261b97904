/**
 * The staff console's inbox (issue 18): contact messages and dealer applications, on the staff API's own cookie,
 * always `silent` (the console shows its own errors, and a 401 there means "log in to the console").
 */
import { call } from '../api/client';
import { staffInbox, staffInboxClose, staffInboxItem, type EnquiryState, type InboxBox } from '../contract/enquiries';

export const inboxApi = {
  list: (box: InboxBox, status: EnquiryState, page = 1) => call(staffInbox, { query: { box, status, page }, silent: true }),
  item: (box: InboxBox, item: number) => call(staffInboxItem, { query: { box, item }, silent: true }),
  close: (box: InboxBox, item: number) => call(staffInboxClose, { body: { box, item }, silent: true }),
};
