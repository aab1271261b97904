/**
 * The staff console's side of the student purchase (issue 18 section 4, decision 0045): the student orders with the
 * student info each keeps (school, grade, departure date, the proved edu address), for staff who check a claim.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { orderStatus } from './orders';
import { STAFF_API } from './staff';
import { studentData } from './students';

export const staffStudentOrder = z.object({
  orderNo: z.string(),
  status: orderStatus,
  planName: z.string(),
  createdAt: z.string(),
  /** The buyer: the account when the order was made logged in, and the order's own email. */
  buyer: z.object({ username: z.string().nullable(), phone: z.string().nullable(), email: z.string() }),
  student: studentData,
});
export type StaffStudentOrder = z.infer<typeof staffStudentOrder>;

/** The newest student orders first (at most STAFF_STUDENT_ORDERS); the list is written in the staff audit log. */
export const STAFF_STUDENT_ORDERS = 200;
export const staffStudentOrders = defineEndpoint({
  id: 'staffStudentOrders', method: 'GET', path: `${STAFF_API}/students`, auth: 'staff',
  summary: 'The student orders, newest first, with the student info each keeps (school, grade, departure date, edu email).',
  response: z.object({ orders: z.array(staffStudentOrder) }),
});
