/** The external services the gateway talks to, each a sandbox by default (ARCHITECTURE.md, Gateway server). */
import type { PaymentProviders } from './payments/types';
import type { TaxService } from './tax';
import type { Logistics } from './logistics';
import type { SmdpProvider } from './smdp';
import type { NetworkAdapter } from './network';

export interface Adapters {
  payments: PaymentProviders;
  tax: TaxService;
  logistics: Logistics;
  smdp: SmdpProvider;
  network: NetworkAdapter;
}
