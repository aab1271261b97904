import { describe } from 'vitest';
import { orderModel } from '../../machines/models/order';
import { describeChartPaths } from './toolkit/describeChart';

/** The order's status (machines/order.machine.ts) at the pure depth; test/server/orderLifecycle.test.ts walks it on the gateway. */
describe('order chart paths', () => describeChartPaths(orderModel));
