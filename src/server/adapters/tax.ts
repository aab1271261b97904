/**
 * Sales tax on prepaid wireless service, by the US state of the tax address (an external tax service in
 * production; a sandbox with a rate table here). Fails like the real one: "failed to get tax info" (120071).
 */
export interface TaxService {
  /** Rate in basis points for a US state + ZIP; throws GatewayError('120071') when tax info cannot be had. */
  rateBps(address: { country: 'US' | 'CN'; state: string; zip: string }): Promise<number>;
}
