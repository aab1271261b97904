/**
 * The staff console's student orders (issue 18 section 4, decision 0045): what each student order keeps, with its
 * buyer, for staff who check a student's claim or help around a departure. Each look is in the staff audit log.
 */
import { desc, eq } from 'drizzle-orm';
import { STAFF_STUDENT_ORDERS, type StaffStudentOrder } from '../../contract/studentsStaff';
import type { Deps } from '../context';
import { customers, orderStudents, orders } from '../db/schema';
import { studentDataOf } from '../students';
import { audit, type StaffSession } from './sessions';

/** The newest student orders first, with the buyer (the account, else the order's email). */
export async function staffStudentOrders(deps: Deps, staff: StaffSession): Promise<{ orders: StaffStudentOrder[] }> {
  const rows = await deps.db.select({ s: orderStudents, o: orders, username: customers.username, phone: customers.phone })
    .from(orderStudents).innerJoin(orders, eq(orders.id, orderStudents.orderId)).leftJoin(customers, eq(customers.id, orders.customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id)).limit(STAFF_STUDENT_ORDERS);
  await audit(deps.db, staff.staffId, 'students.list', 'students:orders', { count: rows.length }, deps.clock.now());
  return {
    orders: rows.map(({ s, o, username, phone }) => ({
      orderNo: o.orderNo, status: o.status, planName: o.planName, createdAt: o.createdAt.toISOString(),
      buyer: { username: username ?? null, phone: phone ?? null, email: o.email }, student: studentDataOf(s),
    })),
  };
}
