/** Enquiries (issue 18): the contact form, dealer applications, their confirmation emails and the staff console's inbox. */
export { enquiryRoutes } from './routes';
export { enquiryJobHandlers } from './jobs';
