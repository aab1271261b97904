/** What other areas use of the help centre: links offered only to pages that exist. */
export { PageLinks, pageExists } from './pageLinks';
