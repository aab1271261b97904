import { describe } from 'vitest';
import { checkoutModel } from './models/checkout';
import { describeChartPaths } from './toolkit/describeChart';

describe('checkout chart paths', () => describeChartPaths(checkoutModel));
