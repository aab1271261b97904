/**
 * Students (issue 18 section 4, decision 0045): the edu address proved by an emailed code, and the student info an
 * order keeps. Orders use it through this index when a student order is created and read.
 */
export { studentRoutes } from './routes';
export { EDU_PROOF_MS, keepOrderStudent, orderStudent, spendProof, studentDataOf, type StudentInfo } from './service';
