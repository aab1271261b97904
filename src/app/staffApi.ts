/**
 * The staff console's calls (issue 16): the staff API on its own cookie, always `silent` (the console shows its own
 * errors; a 401 there means "log in to the console", never the customer's login page).
 */
import { ApiError, call } from '../api/client';
import { staffDecide, staffLogin, staffLogout, staffReview, staffReviewPhoto, staffReviews, staffWho } from '../contract/staff';
import type { IdPhotoSlot } from '../domain/dualNumber';

export { ApiError as StaffApiError };
export const staffApi = {
  login: (email: string, password: string) => call(staffLogin, { body: { email, password }, silent: true }),
  logout: () => call(staffLogout, { silent: true }),
  who: () => call(staffWho, { silent: true, background: true }),
  reviews: (status: 'waiting' | 'decided') => call(staffReviews, { query: { status }, silent: true }),
  review: (id: number) => call(staffReview, { query: { id }, silent: true }),
  approve: (id: number) => call(staffDecide, { body: { id, decision: 'approve' }, silent: true }),
  reject: (id: number, reason: string) => call(staffDecide, { body: { id, decision: 'reject', reason }, silent: true }),
  photoUrl: (id: number, slot: IdPhotoSlot) => `${staffReviewPhoto.path}?id=${id}&slot=${slot}`,
};
