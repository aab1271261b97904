/** The staff console (issue 16): its own accounts, sessions, audit log and the real-name review queue. */
export { staffRoutes } from './routes';
export { seedSandboxStaff, SANDBOX_STAFF } from './login';
export { audit, findStaffSession, type StaffSession } from './sessions';
