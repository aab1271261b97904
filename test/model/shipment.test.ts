import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { shipmentMachine } from '../../machines/shipment.machine';
import { SHIPPED, shipmentModel } from '../../machines/models/shipment';
import { describeChartPaths } from './toolkit/describeChart';

describe('shipment chart paths', () => describeChartPaths(shipmentModel));

describe('shipment rules (spec section 4: "Shipment: shipped or not shipped")', () => {
  const [notShipped] = initialTransition(shipmentMachine);
  const [shipped] = transition(shipmentMachine, notShipped, { type: 'shipment.ship', ...SHIPPED });

  it('starts not shipped, and the address may change then', () => {
    expect(notShipped.value).toBe('notShipped');
    expect(notShipped.can({ type: 'shipment.changeAddress' })).toBe(true);
    const [changed] = transition(shipmentMachine, notShipped, { type: 'shipment.changeAddress' });
    expect(changed.value).toBe('notShipped');
  });

  it('once shipped, accepts nothing more: no address change, no second shipping', () => {
    expect(shipped.value).toBe('shipped');
    expect(shipped.status).toBe('done');
    expect(shipped.can({ type: 'shipment.changeAddress' })).toBe(false);
    expect(shipped.can({ type: 'shipment.ship', ...SHIPPED })).toBe(false);
  });
});
