/** The staff console's list of student orders (its own staff cookie; silent: the console shows its errors). */
import { call } from '../api/client';
import { staffStudentOrders } from '../contract/studentsStaff';

export const staffStudentsApi = { list: () => call(staffStudentOrders, { silent: true }) };
