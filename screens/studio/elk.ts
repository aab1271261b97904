/**
 * The studio's ELK: the layout runs in elkjs's own Web Worker (a 1.6 MB script, fetched once when the first chart is
 * drawn, never by a customer's page), so laying out the payment chart never blocks the page.
 */
import ElkConstructor, { type ELK } from 'elkjs/lib/elk-api';
import workerUrl from 'elkjs/lib/elk-worker.min.js?url';

let elk: ELK | null = null;

export const studioElk = (): ELK => (elk ??= new ElkConstructor({ workerUrl }));
